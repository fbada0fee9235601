import { resolveImage } from "@/lib/images";
import { Picture, type PictureProps } from "./Picture";

/** A `<Picture>` for an image named in a content file (`{ image, alt }`). Server only. */
export function ContentImage({ image, ...rest }: Omit<PictureProps, "image"> & { image: string }) {
  return <Picture image={resolveImage(image)} {...rest} />;
}
