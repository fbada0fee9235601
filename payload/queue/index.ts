/**
 * The runner of the plugin's jobs queue (QUEUE), in place of Payload's
 * `autoRun`, so that any number of processes may share one database
 * (`npm start` beside `npm run admin` on one SQLite file, several instances
 * on one PostgreSQL) with no setting: the claim (./claim.ts) decides which
 * job a process runs, each by one process alone; the loop (./loop.ts)
 * decides when a process runs the queue, and runs what it claimed.
 */
export { CLEANUP_MAX_MS, LEASE_MS } from "./claim";
export {
  HEARTBEAT_MS,
  caseKey,
  QUEUE_INTERVAL_MS,
  queueJob,
  runQueue,
  runQueueSoon,
  startQueue,
  type QueuedJob,
  type QueueOptions,
} from "./loop";
