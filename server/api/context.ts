/** What every API handler is given besides the request and the answer. */
import type { Target } from "../request";
import type { Gate } from "./gate";
import type { UploadDeadline } from "./media";

export interface ApiContext {
  /** where records and uploads are kept */
  dataDir: string;
  /** the request's path and query, already checked and decoded (../request.ts) */
  target: Target;
  /** the gate every upload passes through */
  uploads: Gate;
  /** how long an upload's body may take once it has its place */
  uploadDeadline: UploadDeadline;
  /** the hosts an inquiry's image urls may name: the admin host, or this server itself */
  mediaHosts: string[];
}
