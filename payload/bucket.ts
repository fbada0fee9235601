/**
 * Photos in an S3 bucket instead of on the local disk, when S3_BUCKET is set:
 *
 *   S3_BUCKET              the bucket; without it photos stay on the disk (mediaDir)
 *   S3_REGION              its region (default us-east-1, what S3-compatible services expect)
 *   S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY   the key; both or neither (then the SDK's own
 *                          chain: the host's role or AWS_* variables)
 *   S3_ENDPOINT            an S3-compatible service's address (MinIO, Cloudflare R2, …),
 *                          addressed by path (`<endpoint>/<bucket>/<name>`)
 *
 * The bucket is reached through @payloadcms/storage-s3: it puts each photo
 * once Payload has stored its record and deletes it with its record (so the
 * hourly deletion empties the bucket as it empties the disk), and serves it
 * through Payload, under the collection's read access. Every photo is still
 * cleaned before it is stored (./photos/), named by its exact,
 * unguessable name, and served with the same headers as from the disk
 * (`photoHeaders`); nothing of it is written to the local disk.
 */
import { s3Storage } from "@payloadcms/storage-s3";
import type { Config, UploadConfig } from "payload";
import { MEDIA_SLUG } from "./names";
import { PHOTO_HEADERS } from "./photos";

export interface BucketSettings {
  bucket: string;
  region: string;
  /** an S3-compatible service's origin, addressed by path */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

type Env = Partial<Record<string, string>>;

function fail(variable: string, problem: string): never {
  throw new Error(`${variable}: ${problem}`);
}

/** The bucket `env` names, or undefined when S3_BUCKET is not set (photos on the disk then). */
export function bucketSettings(env: Env): BucketSettings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  const named = ["S3_REGION", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((v) => env[v]?.trim());
  if (!bucket) {
    if (named.length) fail("S3_BUCKET", `is not set, but ${named.join(" and ")} is: photos would stay on the disk`);
    return undefined;
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !(URL.canParse(endpoint) && /^https?:$/.test(new URL(endpoint).protocol))) {
    fail("S3_ENDPOINT", `"${endpoint}" is not an address such as https://s3.example.no`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    fail(
      accessKeyId ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID",
      "is missing: give both parts of the key, or neither",
    );
  }
  return {
    bucket,
    region: env.S3_REGION?.trim() || "us-east-1",
    endpoint,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** `config` with the media collection's files in the bucket (the collection must be in it already). */
export function withBucket(config: Config, settings: BucketSettings): Config | Promise<Config> {
  return s3Storage({
    bucket: settings.bucket,
    collections: { [MEDIA_SLUG]: true },
    config: {
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    },
  })(config);
}

/** The bucket's answer with PHOTO_HEADERS (Payload's `upload.modifyResponseHeaders`, which the bucket's handler calls). */
export const photoHeaders: NonNullable<UploadConfig["modifyResponseHeaders"]> = ({ headers }) => {
  const changed = new Headers(headers);
  for (const [name, value] of Object.entries(PHOTO_HEADERS)) changed.set(name, value);
  // nothing that would let a cache or a client keep or compare the photo
  changed.delete("ETag");
  return changed;
};
