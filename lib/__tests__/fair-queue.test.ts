/**
 * The bounded fair queue's rules (lib/fair-queue.ts), with jobs the test holds
 * and releases: how many run and wait, who goes next, and what a refused job
 * hears.
 */
import { FairQueue, QueueRefusal, type FairQueueOptions, type RefusalReason } from "@/lib/fair-queue";

const OPTIONS: FairQueueOptions = { active: 2, perClient: 2, queued: 5, maxWaitMs: 60_000, retryAfterSeconds: 3 };

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A queue whose jobs run until the test releases them; `started` lists them in the order they started. */
function heldQueue(options: Partial<FairQueueOptions> = {}) {
  const queue = new FairQueue({ ...OPTIONS, ...options });
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const run = (client: string, job: string, signal?: AbortSignal) =>
    queue.run(
      client,
      () => {
        started.push(job);
        return new Promise<string>((resolve) => release.set(job, () => resolve(job)));
      },
      signal,
    );
  const finish = async (job: string) => {
    release.get(job)!();
    release.delete(job);
    await settle();
  };
  const finishAll = async () => {
    while (queue.load.running) {
      for (const job of [...release.keys()]) await finish(job);
      await settle();
    }
  };
  return { queue, started, run, finish, finishAll };
}

/** What `promise` was refused with: its reason and the wait it asks for. */
async function refusalOf(promise: Promise<unknown>): Promise<{ reason: RefusalReason; retryAfterSeconds: number }> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof QueueRefusal)) throw new Error(`not refused: ${String(error)}`);
  return { reason: error.reason, retryAfterSeconds: error.retryAfterSeconds };
}

describe("the bounds", () => {
  test("`active` run at once, the rest wait", async () => {
    const { queue, started, run, finishAll } = heldQueue();
    const jobs = ["a1", "b1", "c1"].map((job) => run(job.slice(0, 1), job));
    await settle();
    expect(started).toEqual(["a1", "b1"]);
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    await finishAll();
    expect(await Promise.all(jobs)).toEqual(["a1", "b1", "c1"]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  test("a client past its share of the waiting places is refused, and another client still waits", async () => {
    const { queue, run, finishAll } = heldQueue();
    const jobs = ["a1", "a2", "a3", "a4"].map((job) => run("a", job));
    await settle();
    expect(await refusalOf(run("a", "a5"))).toEqual({ reason: "client", retryAfterSeconds: 3 });
    jobs.push(run("b", "b1"));
    expect(queue.load).toEqual({ running: 2, waiting: 3 });
    await finishAll();
    expect((await Promise.all(jobs)).length).toBe(5);
  });

  test("past every waiting place, any client is refused", async () => {
    const { queue, run, finishAll } = heldQueue();
    const jobs = ["a", "b", "c"].flatMap((client) => [run(client, `${client}1`), run(client, `${client}2`)]);
    jobs.push(run("d", "d1"));
    await settle();
    expect(await refusalOf(run("e", "e1"))).toEqual({ reason: "queue", retryAfterSeconds: 3 });
    expect(queue.load).toEqual({ running: 2, waiting: 5 });
    await finishAll();
    expect((await Promise.all(jobs)).length).toBe(7);
  });

  test("without a share per client, one client may take every waiting place", async () => {
    const { queue, run, finishAll } = heldQueue({ perClient: undefined, queued: 3 });
    const jobs = ["1", "2", "3", "4", "5"].map((n) => run("a", `a${n}`));
    await settle();
    expect(queue.load).toEqual({ running: 2, waiting: 3 });
    expect(await refusalOf(run("a", "a6"))).toEqual({ reason: "queue", retryAfterSeconds: 3 });
    await finishAll();
    expect((await Promise.all(jobs)).length).toBe(5);
  });

  test("a job that waits past maxWaitMs is refused and gives up its waiting place", async () => {
    const { queue, started, run, finish } = heldQueue({ active: 1, maxWaitMs: 20 });
    const a1 = run("a", "a1");
    expect(await refusalOf(run("b", "b1"))).toEqual({ reason: "wait", retryAfterSeconds: 3 });
    expect(queue.load).toEqual({ running: 1, waiting: 0 });
    await finish("a1");
    expect(await a1).toBe("a1");
    expect(started).toEqual(["a1"]);
  });
});

describe("who goes next", () => {
  test("the waiting are served round-robin by client, one with nothing running first", async () => {
    const { started, run, finish } = heldQueue({ queued: 10 });
    const jobs = [
      ...["a1", "a2", "a3", "a4"].map((job) => run("a", job)),
      run("b", "b1"),
      run("b", "b2"),
      run("c", "c1"),
    ];
    await settle();
    for (const job of ["a1", "a2", "b1", "c1", "a3", "b2"]) await finish(job);
    expect(started).toEqual(["a1", "a2", "b1", "c1", "a3", "b2", "a4"]);
    await finish("a4");
    expect((await Promise.all(jobs)).length).toBe(7);
  });

  test("with one client, the oldest waiting job goes first", async () => {
    const { started, run, finishAll } = heldQueue({ active: 1, perClient: undefined });
    const jobs = ["1", "2", "3", "4"].map((n) => run("", n));
    await finishAll();
    expect(started).toEqual(["1", "2", "3", "4"]);
    expect(await Promise.all(jobs)).toEqual(["1", "2", "3", "4"]);
  });

  test("a job that fails passes its error on and frees its place for the next", async () => {
    const queue = new FairQueue({ ...OPTIONS, active: 1 });
    const failing = queue.run("a", () => Promise.reject(new Error("kunne ikke leses")));
    const next = queue.run("b", () => Promise.resolve("lagret"));
    await expect(failing).rejects.toThrow("kunne ikke leses");
    await expect(next).resolves.toBe("lagret");
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe("a client that goes", () => {
  test("a job whose signal has aborted is refused at once, even with a place free, and never runs", async () => {
    const { queue, started, run } = heldQueue();
    expect(await refusalOf(run("a", "a1", AbortSignal.abort()))).toEqual({ reason: "gone", retryAfterSeconds: 3 });
    expect(started).toEqual([]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  test("a job whose signal aborts while it waits leaves at once, and the place passes to the next", async () => {
    const { queue, started, run, finish, finishAll } = heldQueue({ active: 1 });
    const a1 = run("a", "a1");
    const going = new AbortController();
    const b1 = run("b", "b1", going.signal);
    const c1 = run("c", "c1");
    await settle();
    going.abort();
    expect(await refusalOf(b1)).toEqual({ reason: "gone", retryAfterSeconds: 3 });
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    await finish("a1");
    await finishAll();
    expect(await Promise.all([a1, c1])).toEqual(["a1", "c1"]);
    expect(started).toEqual(["a1", "c1"]);
  });

  test("a signal that aborts once its job runs changes nothing", async () => {
    const { run, finish } = heldQueue();
    const going = new AbortController();
    const a1 = run("a", "a1", going.signal);
    await settle();
    going.abort();
    await finish("a1");
    await expect(a1).resolves.toBe("a1");
  });
});
