import type { ResolvedImage } from "@/lib/images";
import styles from "./Picture.module.css";

export interface PictureProps {
  image: ResolvedImage;
  alt: string;
  /** the `sizes` attribute: how wide the image is drawn, so the browser picks the right variant */
  sizes: string;
  /** the page's largest paint: loaded eagerly with fetchpriority="high" */
  priority?: boolean;
  className?: string;
}

/**
 * A responsive image: AVIF with a WebP fallback, a srcset of several widths,
 * intrinsic width/height (no layout shift) and the dominant colour while loading.
 * Below-the-fold images are lazy.
 */
export function Picture({ image, alt, sizes, priority = false, className }: PictureProps) {
  return (
    <picture className={[styles.picture, className].filter(Boolean).join(" ")}>
      <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />
      <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} />
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={priority ? "sync" : "async"}
        style={{ backgroundColor: image.color }}
      />
    </picture>
  );
}
