/**
 * Multipart uploads whose HTTP body arrives whole but is not a whole form:
 * cut off inside the file's bytes, cut off inside the `_payload` field, and
 * a complete form whose `_payload` is not JSON. Each is the client's fault:
 * the plugin's tests and the preview server's send them and expect a 400.
 */
const BOUNDARY = "----bulkeklinikken";

/** The Content-Type these bodies are sent with. */
export const CUT_BODY_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

const part = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

const filePart = (filename: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
  `Content-Type: image/jpeg\r\n\r\n`;

/** The three bodies, by what is wrong with them; `jpeg` is a whole photo, `filename` its name. */
export function cutBodies(jpeg: Buffer, filename: string): Record<string, Buffer> {
  return {
    "cut off inside the file": Buffer.concat([
      Buffer.from(part("_payload", "{}") + filePart(filename)),
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    ]),
    "cut off inside _payload": Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{"a`,
    ),
    "_payload that is not JSON": Buffer.concat([
      Buffer.from(part("_payload", '{"createdAt":') + filePart(filename)),
      jpeg,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  };
}
