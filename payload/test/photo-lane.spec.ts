/**
 * The re-encode lane's rules (../photo-lane.ts), with jobs the test holds and
 * releases: a bounded number run at once; a client has a bounded number
 * waiting and the queue a bounded length, past which a job is refused at
 * once; a job waits a bounded time; the waiting are served round-robin by
 * client, a client with nothing running first.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { FairLane, LaneRefusal, type LaneOptions } from "../photo-lane";

const OPTIONS: LaneOptions = { active: 2, perClient: 2, queued: 5, maxWaitMs: 60_000, retryAfterSeconds: 3 };

/** A lane whose jobs run until the test releases them; `started` lists them in the order they started. */
function heldLane(options: Partial<LaneOptions> = {}) {
  const lane = new FairLane({ ...OPTIONS, ...options });
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const run = (client: string, job: string) =>
    lane.run(client, () => {
      started.push(job);
      return new Promise<string>((resolve) => release.set(job, () => resolve(job)));
    });
  const finish = async (job: string) => {
    release.get(job)!();
    release.delete(job);
    await sleep(0);
  };
  /** Lets every job run and end, those waiting too. */
  const finishAll = async () => {
    while (lane.load.running) {
      for (const job of [...release.keys()]) await finish(job);
      await sleep(0);
    }
  };
  return { lane, started, run, finish, finishAll };
}

const refusal = (reason: LaneRefusal["reason"]) => (error: unknown) =>
  error instanceof LaneRefusal && error.reason === reason && error.retryAfterSeconds === 3;

test("two run at once; a client has two waiting at most, and a third is refused at once", async () => {
  const { lane, started, run, finishAll } = heldLane();
  const jobs = ["a1", "a2", "a3", "a4"].map((job) => run("a", job));
  await sleep(0);
  assert.deepEqual(started, ["a1", "a2"]);
  assert.deepEqual(lane.load, { running: 2, waiting: 2 });
  await assert.rejects(run("a", "a5"), refusal("client"));
  // another client still has its place in the queue
  const b1 = run("b", "b1");
  assert.deepEqual(lane.load, { running: 2, waiting: 3 });
  await finishAll();
  assert.deepEqual(await Promise.all([...jobs, b1]), ["a1", "a2", "a3", "a4", "b1"]);
});

test("the queue has a bound in all: past it, any client is refused at once", async () => {
  const { lane, run, finishAll } = heldLane();
  const jobs: Promise<string>[] = [];
  for (const client of ["a", "b", "c"]) jobs.push(run(client, `${client}1`), run(client, `${client}2`));
  await sleep(0);
  // two run, four wait: the fifth waiting place is the last
  jobs.push(run("d", "d1"));
  await assert.rejects(run("e", "e1"), refusal("queue"));
  assert.deepEqual(lane.load, { running: 2, waiting: 5 });
  await finishAll();
  assert.equal((await Promise.all(jobs)).length, 7);
});

test("the waiting are served round-robin by client, one with nothing running first", async () => {
  const { started, run, finish } = heldLane({ queued: 10 });
  const jobs = [
    ...["a1", "a2", "a3", "a4"].map((job) => run("a", job)),
    run("b", "b1"),
    run("b", "b2"),
    run("c", "c1"),
  ];
  await sleep(0);
  assert.deepEqual(started, ["a1", "a2"]);
  for (const job of ["a1", "a2", "b1", "c1", "a3", "b2"]) await finish(job);
  // b and c had nothing running, so each went before a's third; then a and b in turn
  assert.deepEqual(started, ["a1", "a2", "b1", "c1", "a3", "b2", "a4"]);
  await finish("a4");
  assert.equal((await Promise.all(jobs)).length, 7);
});

test("a job that waits past maxWaitMs is refused and leaves its place in the queue", async () => {
  const { lane, run, finish, started } = heldLane({ active: 1, maxWaitMs: 100 });
  const a1 = run("a", "a1");
  await sleep(0);
  await assert.rejects(run("b", "b1"), refusal("wait"));
  assert.deepEqual(lane.load, { running: 1, waiting: 0 });
  await finish("a1");
  assert.equal(await a1, "a1");
  assert.deepEqual(lane.load, { running: 0, waiting: 0 });
  const b2 = run("b", "b2");
  await finish("b2");
  assert.equal(await b2, "b2");
  assert.deepEqual(started, ["a1", "b2"]);
});

test("a job that fails frees its place for the next", async () => {
  const lane = new FairLane({ ...OPTIONS, active: 1 });
  const failing = lane.run("a", () => Promise.reject(new Error("kunne ikke leses")));
  const next = lane.run("b", () => Promise.resolve("lagret"));
  await assert.rejects(failing, /kunne ikke leses/);
  assert.equal(await next, "lagret");
  assert.deepEqual(lane.load, { running: 0, waiting: 0 });
});
