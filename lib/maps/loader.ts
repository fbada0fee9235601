/**
 * What the map needs from the Google Maps loader, and the loading itself with
 * our retry policy. The real loader (@googlemaps/js-api-loader) is wired up in
 * `google-loader.ts`, which the map component imports only when it is about to
 * load a map, so the loader never sits in a page's first-load JavaScript.
 */
import { loadWithRetry, type LoadResult, type RetryOptions } from "./retry";

export interface MapsLoaderOptions {
  key: string;
  language?: string;
  region?: string;
}

/** The two calls of @googlemaps/js-api-loader v2 the site uses. */
export interface MapsLoader {
  setOptions(options: MapsLoaderOptions): void;
  importLibrary(name: "maps"): Promise<Pick<google.maps.MapsLibrary, "Map">>;
  importLibrary(name: "marker"): Promise<Pick<google.maps.MarkerLibrary, "Marker">>;
}

export interface MapLibraries {
  Map: google.maps.MapsLibrary["Map"];
  Marker: google.maps.MarkerLibrary["Marker"];
}

const configured = new WeakSet<MapsLoader>();

/**
 * Sets the loader's options (once per loader: the API loads once per page) and
 * imports the map and marker libraries, retrying a failed load.
 */
export function loadMapLibraries(
  loader: MapsLoader,
  options: MapsLoaderOptions,
  retry?: RetryOptions,
): Promise<LoadResult<MapLibraries>> {
  if (!configured.has(loader)) {
    loader.setOptions({ language: "no", region: "NO", ...options });
    configured.add(loader);
  }
  return loadWithRetry(async () => {
    const [maps, marker] = await Promise.all([loader.importLibrary("maps"), loader.importLibrary("marker")]);
    return { Map: maps.Map, Marker: marker.Marker };
  }, retry);
}
