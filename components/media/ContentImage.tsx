import { resolveImage } from "@/lib/images";
import { Picture, type PictureProps } from "./Picture";

interface Props extends Omit<PictureProps, "image" | "alt"> {
  /** the image as a content file names it */
  image: { image: string; alt: string };
  /** instead of the content's text: `""` where the picture only decorates */
  alt?: string;
}

/** A `<Picture>` for an image named in a content file (`{ image, alt }`). Server only. */
export function ContentImage({ image, alt = image.alt, ...rest }: Props) {
  return <Picture image={resolveImage(image.image)} alt={alt} {...rest} />;
}
