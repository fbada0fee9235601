import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from "payload";

/** Runs `work` in one transaction where the database has them; undone when it throws. */
export async function inTransaction<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  const started = await initTransaction(req);
  try {
    const result = await work();
    if (started) await commitTransaction(req);
    return result;
  } catch (error) {
    if (started) await killTransaction(req);
    throw error;
  }
}
