/** What every API handler is given besides the request and the answer. */
import type { Target } from "../request";
import type { Gate } from "./gate";

export interface ApiContext {
  /** where records and uploads are kept */
  dataDir: string;
  /** the request's path and query, already checked and decoded (../request.ts) */
  target: Target;
  /** the gate every upload passes through */
  uploads: Gate;
  /** how long an upload's body may take once it has its place */
  uploadDeadline: UploadDeadline;
  /** room on the data folder's disk that uploads never take (MEDIA_RESERVE_BYTES) */
  mediaReserveBytes: number;
  /** the origins an inquiry's image urls may name: the configured admin host's, or this server's own */
  mediaOrigins: string[];
  /** whether those images are this server's own uploads (so an inquiry may name only stored ones) */
  ownMedia: boolean;
  /** logs a line the first time it is given, and never again: advice for the operator, not a record of each request */
  logOnce: (line: string) => void;
}

/**
 * How long an upload's body may take once it has a place: after `graceMs`
 * it must have come at `minBytesPerSecond` on average, and it may never take
 * more than `maxMs`. A body past its deadline has its socket destroyed (a
 * client that sends a byte now and then cannot keep it open) and its place
 * goes to the next in line.
 */
export interface UploadDeadline {
  graceMs: number;
  minBytesPerSecond: number;
  maxMs: number;
}
