import { useCallback, useEffect, useRef } from "react";

/**
 * Object URLs for local files (the quote's thumbnails), one per key: made the
 * first time a key is shown, given back when its file leaves the form
 * (`release`) and, for all that are left, when the form goes away.
 */
export function useObjectUrls() {
  const urls = useRef(new Map<string, string>());

  const urlFor = useCallback((key: string, file: Blob): string => {
    let url = urls.current.get(key);
    if (!url) {
      url = URL.createObjectURL(file);
      urls.current.set(key, url);
    }
    return url;
  }, []);

  const release = useCallback((keys: Iterable<string>) => {
    for (const key of keys) {
      const url = urls.current.get(key);
      if (url) URL.revokeObjectURL(url);
      urls.current.delete(key);
    }
  }, []);

  useEffect(() => {
    const map = urls.current;
    return () => {
      map.forEach((url) => URL.revokeObjectURL(url));
      map.clear();
    };
  }, []);

  return { urlFor, release };
}
