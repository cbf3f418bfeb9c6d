/** The durable job queue on a real database: retries, dead letters, timeouts, leases. */
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '../db';
import { ManualClock } from '../lib/clock';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { sleep } from '../providers/shared';
import { claimJob, enqueueJob, listDeadJobs, purgeFinishedJobs, retryDelayMs } from './queue';
import { JobCancelledError, JobWorker, throwIfJobCancelled } from './worker';

let database: TestDatabase;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());
beforeEach(async () => {
  await database.db.delete(schema.jobs);
});

const jobRow = async (uuid: string) =>
  (await database.db.select().from(schema.jobs).where(eq(schema.jobs.uuid, uuid)))[0]!;

describe('retryDelayMs', () => {
  it('doubles from one second and never exceeds a minute', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (n) => {
        expect(retryDelayMs(n)).toBeLessThanOrEqual(60_000);
        expect(retryDelayMs(n + 1)).toBeGreaterThanOrEqual(retryDelayMs(n));
      }),
    );
  });
});

describe('JobWorker', () => {
  it('runs a due job once and records success', async () => {
    const clock = new ManualClock();
    const worker = new JobWorker(database.db, clock, log);
    const seen: unknown[] = [];
    worker.register('echo', { run: async (payload) => void seen.push(payload) });
    const job = await enqueueJob(database.db, clock, { kind: 'echo', payload: { n: 1 } });
    expect(await worker.runDue()).toBe(1);
    expect(await worker.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobRow(job!.uuid)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('enqueueing the same dedupe key twice creates one job', async () => {
    const clock = new ManualClock();
    const first = await enqueueJob(database.db, clock, { kind: 'echo', dedupeKey: 'app-1:soft-pull' });
    const second = await enqueueJob(database.db, clock, { kind: 'echo', dedupeKey: 'app-1:soft-pull' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
  });

  it('waits for its time: a job scheduled later is not run early', async () => {
    const clock = new ManualClock();
    const worker = new JobWorker(database.db, clock, log);
    let runs = 0;
    worker.register('later', { run: async () => void (runs += 1) });
    await enqueueJob(database.db, clock, {
      kind: 'later',
      runAfter: new Date(clock.now().getTime() + 3 * 86_400_000),
    });
    expect(await worker.runDue()).toBe(0);
    clock.advance(3 * 86_400_000);
    expect(await worker.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it('retries a failing job after the backoff, then dead-letters it and says so once', async () => {
    const clock = new ManualClock();
    const worker = new JobWorker(database.db, clock, log);
    let attempts = 0;
    const dead: string[] = [];
    worker.register('flaky', {
      run: async () => {
        attempts += 1;
        throw new Error(`bureau unavailable (${attempts})`);
      },
      onDead: async (_payload, _job, error) => void dead.push(error),
    });
    const job = await enqueueJob(database.db, clock, { kind: 'flaky', maxAttempts: 3 });

    expect(await worker.runDue()).toBe(1);
    expect(await jobRow(job!.uuid)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'bureau unavailable (1)',
    });
    expect(await worker.runDue()).toBe(0); // backoff: not due yet
    clock.advance(retryDelayMs(1));
    expect(await worker.runDue()).toBe(1);
    clock.advance(retryDelayMs(2));
    expect(await worker.runDue()).toBe(1);
    expect(await jobRow(job!.uuid)).toMatchObject({ status: 'dead', attempts: 3 });
    expect(dead).toEqual(['bureau unavailable (3)']);
    clock.advance(3_600_000);
    expect(await worker.runDue()).toBe(0);
  });

  it('an attempt that exceeds its timeout counts as a failure', async () => {
    const clock = new ManualClock();
    const worker = new JobWorker(database.db, clock, log);
    worker.register('slow', { run: () => new Promise((r) => setTimeout(r, 1000)), timeoutMs: 20 });
    const job = await enqueueJob(database.db, clock, { kind: 'slow', maxAttempts: 2 });
    await worker.runDue();
    expect(await jobRow(job!.uuid)).toMatchObject({ status: 'queued', lastError: 'timed out after 20 ms' });
  });

  it('a job whose worker died is taken over once its lease runs out', async () => {
    const clock = new ManualClock();
    const job = await enqueueJob(database.db, clock, { kind: 'resume' });
    // A worker claims the job and dies before finishing: nothing completes or fails it.
    const claimed = await claimJob(database.db, clock, 60_000, ['resume']);
    expect(claimed?.uuid).toBe(job!.uuid);

    const survivor = new JobWorker(database.db, clock, log, { leaseMs: 60_000 });
    let runs = 0;
    survivor.register('resume', { run: async () => void (runs += 1) });
    expect(await survivor.runDue()).toBe(0); // the lease still holds
    clock.advance(60_001);
    expect(await survivor.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect(await jobRow(job!.uuid)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('concurrent claims never hand out the same job twice', async () => {
    const clock = new ManualClock();
    for (let i = 0; i < 6; i += 1) await enqueueJob(database.db, clock, { kind: 'parallel', payload: { i } });
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => claimJob(database.db, clock, 60_000, ['parallel'])),
    );
    const uuids = claims.filter((c) => c !== null).map((c) => c!.uuid);
    expect(uuids).toHaveLength(6);
    expect(new Set(uuids).size).toBe(6);
  });

  it('start() polls in the background and stop() waits for the job in hand', async () => {
    const clock = new ManualClock();
    const worker = new JobWorker(database.db, clock, log, { pollMs: 10 });
    let finished = false;
    worker.register('background', {
      run: async () => {
        await new Promise((r) => setTimeout(r, 50));
        finished = true;
      },
    });
    await enqueueJob(database.db, clock, { kind: 'background' });
    worker.start();
    await new Promise((r) => setTimeout(r, 20));
    await worker.stop();
    expect(finished).toBe(true);
  });

  it('runDueWithin answers after its wait while a hanging job goes on; stop() waits for it and takes no further job', async () => {
    const clock = new ManualClock();
    const worker = new JobWorker(database.db, clock, log);
    const done: string[] = [];
    worker.register('hangs', {
      run: async () => {
        await sleep(400);
        done.push('hangs');
      },
    });
    worker.register('quick', { run: async () => void done.push('quick') });
    const hanging = await enqueueJob(database.db, clock, { kind: 'hangs' });
    // Due a moment later, so the drain claims the hanging job first.
    const queued = await enqueueJob(database.db, clock, {
      kind: 'quick',
      runAfter: new Date(clock.now().getTime() + 1),
    });
    clock.advance(1);
    const started = performance.now();
    await worker.runDueWithin(50);
    const waited = performance.now() - started;
    expect(waited).toBeLessThan(350);
    expect(done).toEqual([]);
    expect((await jobRow(hanging!.uuid)).status).toBe('running');
    await worker.stop();
    expect(done).toEqual(['hangs']);
    expect((await jobRow(hanging!.uuid)).status).toBe('succeeded');
    expect((await jobRow(queued!.uuid)).status).toBe('queued');
  });

  it('runDueWithin runs every due job before answering when they finish in time', async () => {
    const clock = new ManualClock();
    const worker = new JobWorker(database.db, clock, log);
    let runs = 0;
    worker.register('quick', { run: async () => void (runs += 1) });
    for (let i = 0; i < 3; i += 1) await enqueueJob(database.db, clock, { kind: 'quick' });
    await worker.runDueWithin(5_000);
    expect(runs).toBe(3);
  });

  it('cancels a timed-out attempt (its signal fires) and re-queues the job only once it stopped', async () => {
    const clock = new ManualClock();
    const worker = new JobWorker(database.db, clock, log, { leaseMs: 5_000 });
    const seen: { aborted: boolean; statusWhenStopped: string }[] = [];
    worker.register('stuck-provider', {
      timeoutMs: 20,
      run: async (_payload, job, { signal }) => {
        try {
          // A provider call that would take 10 s: the sandbox sleeper honours the signal.
          await sleep(10_000, signal);
        } finally {
          seen.push({ aborted: signal.aborted, statusWhenStopped: (await jobRow(job.uuid)).status });
        }
      },
    });
    const job = await enqueueJob(database.db, clock, { kind: 'stuck-provider', maxAttempts: 3 });
    const started = Date.now();
    expect(await worker.runDue()).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    // When the handler stopped, the job was still its own (running): no retry could have started.
    expect(seen).toEqual([{ aborted: true, statusWhenStopped: 'running' }]);
    expect(await jobRow(job!.uuid)).toMatchObject({ status: 'queued', lastError: 'timed out after 20 ms' });
  });

  it('a cancelled attempt that ignores its signal cannot write: throwIfJobCancelled refuses', async () => {
    const clock = new ManualClock();
    const worker = new JobWorker(database.db, clock, log, { leaseMs: 1_000 });
    let lateWrite: unknown = 'not tried';
    worker.register('deaf', {
      timeoutMs: 20,
      run: async () => {
        await new Promise((r) => setTimeout(r, 100)); // ignores the signal
        try {
          throwIfJobCancelled(); // what withApplicationLock does before and after its work
          lateWrite = 'written';
        } catch (error) {
          lateWrite = error;
        }
      },
    });
    await enqueueJob(database.db, clock, { kind: 'deaf' });
    await worker.runDue();
    expect(lateWrite).toBeInstanceOf(JobCancelledError);
    // Outside any job attempt nothing is refused.
    expect(() => throwIfJobCancelled()).not.toThrow();
  });

  it('start() keeps at most `concurrency` jobs in hand', async () => {
    const clock = new ManualClock();
    const worker = new JobWorker(database.db, clock, log, { pollMs: 5, concurrency: 2 });
    let current = 0;
    let peak = 0;
    let done = 0;
    worker.register('bounded', {
      run: async () => {
        current += 1;
        peak = Math.max(peak, current);
        await new Promise((r) => setTimeout(r, 40));
        current -= 1;
        done += 1;
      },
    });
    for (let i = 0; i < 6; i += 1) await enqueueJob(database.db, clock, { kind: 'bounded', payload: { i } });
    worker.start();
    const deadline = Date.now() + 10_000;
    while (done < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await worker.stop();
    expect(done).toBe(6);
    expect(peak).toBe(2);
  });

  it('purges succeeded jobs after the retention period and dead ones after theirs', async () => {
    const clock = new ManualClock();
    const worker = new JobWorker(database.db, clock, log);
    worker.register('ok', { run: async () => undefined });
    worker.register('bad', {
      run: async () => {
        throw new Error('no');
      },
    });
    const ok = await enqueueJob(database.db, clock, { kind: 'ok' });
    const bad = await enqueueJob(database.db, clock, { kind: 'bad', maxAttempts: 1 });
    const later = await enqueueJob(database.db, clock, {
      kind: 'ok',
      runAfter: new Date(clock.now().getTime() + 100 * 86_400_000),
    });
    await worker.runDue();
    const retention = { succeededMs: 7 * 86_400_000, deadMs: 30 * 86_400_000 };
    clock.advance(7 * 86_400_000 - 1000);
    expect(await purgeFinishedJobs(database.db, clock, retention)).toBe(0);
    clock.advance(2000);
    expect(await purgeFinishedJobs(database.db, clock, retention)).toBe(1);
    const remaining = async () =>
      (await database.db.select().from(schema.jobs)).map((row) => row.uuid).sort();
    expect(await remaining()).toEqual([bad!.uuid, later!.uuid].sort());
    clock.advance(23 * 86_400_000);
    expect(await worker.purge()).toBe(1);
    expect(await remaining()).toEqual([later!.uuid]);
    expect(ok).not.toBeNull();
  });

  it('lists dead jobs newest first with their last error', async () => {
    const clock = new ManualClock();
    const worker = new JobWorker(database.db, clock, log);
    worker.register('doomed', {
      run: async (payload) => {
        throw new Error(`bureau down (${String(payload.n)})`);
      },
    });
    await enqueueJob(database.db, clock, { kind: 'doomed', maxAttempts: 1, payload: { n: 1 } });
    await worker.runDue();
    clock.advance(1000);
    await enqueueJob(database.db, clock, { kind: 'doomed', maxAttempts: 1, payload: { n: 2 } });
    await worker.runDue();
    const dead = await listDeadJobs(database.db, { limit: 10 });
    expect(dead.map((job) => job.lastError)).toEqual(['bureau down (2)', 'bureau down (1)']);
    expect(dead[0]).toMatchObject({ kind: 'doomed', attempts: 1, applicationUuid: null });
  });
});
