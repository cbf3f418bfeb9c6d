/**
 * Operations surface: /metrics (Prometheus text, token rule), readiness with split file storage,
 * and the staff list of dead jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from './jobs/queue';
import { DEAD_JOBS_PATH } from './jobs/routes';
import { ManualClock } from './lib/clock';
import { createTestApp, type TestApp } from './test/app';
import { registerAndSignIn, signIn } from './test/auth';

const clock = new ManualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demoData: true, clock });
});
afterAll(async () => t?.close());

const STATUS_URL = (uuid: string) => `/service-krang-heloc/borrower/secure/api/v1/${uuid}/status`;

/** The value of one sample line, e.g. `heloc_jobs_dead{kind="x"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('shows request latency by route, the job queue, dead jobs, telemetry, sockets and the status cache', async () => {
    const borrower = await registerAndSignIn(t.app);
    for (let i = 0; i < 3; i += 1) {
      const polled = await t.app.inject({
        method: 'GET',
        url: STATUS_URL(borrower.applicationUuid),
        headers: borrower,
      });
      expect(polled.statusCode).toBe(200);
    }
    // One job waiting for a minute, one dead.
    await enqueueJob(t.app.db, clock, {
      kind: 'metrics.waiting',
      runAfter: new Date(clock.now().getTime() - 60_000),
    });
    t.app.jobs.register('metrics.doomed', {
      run: async () => {
        throw new Error('provider down');
      },
    });
    await enqueueJob(t.app.db, clock, { kind: 'metrics.doomed', maxAttempts: 1 });
    await t.app.jobs.runDue();

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/service-krang-heloc/borrower/secure/api/v1/:uuid/status",status_code="200"}',
      ),
    ).toBe(3);
    expect(sample(text, 'heloc_jobs_queue_depth{kind="metrics.waiting",status="queued"}')).toBe(1);
    expect(sample(text, 'heloc_jobs_oldest_due_age_seconds{kind="metrics.waiting"}')).toBeGreaterThanOrEqual(
      60,
    );
    expect(sample(text, 'heloc_jobs_dead{kind="metrics.doomed"}')).toBe(1);
    expect(sample(text, 'heloc_job_attempts_total{kind="metrics.doomed",outcome="dead"}')).toBe(1);
    expect(sample(text, 'heloc_telemetry_queued')).toBe(0);
    expect(sample(text, 'heloc_telemetry_dropped_total')).toBe(0);
    expect(sample(text, 'heloc_chat_open_sockets')).toBe(0);
    // Three polls of one application: the first fills the cache, the next two are hits.
    expect(sample(text, 'heloc_cache_requests_total{cache="status",result="hit"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'heloc_cache_hit_ratio{cache="status"}')).toBeGreaterThan(0);
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('asks for METRICS_TOKEN when one is configured, and is absent in production without one', async () => {
    const token = 'metrics-token-0123456789';
    const guarded = await createTestApp({ metricsToken: token });
    try {
      expect((await guarded.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = { authorization: 'Bearer metrics-token-wrong-000000' };
      expect((await guarded.app.inject({ method: 'GET', url: '/metrics', headers: wrong })).statusCode).toBe(
        401,
      );
      const right = { authorization: `Bearer ${token}` };
      expect((await guarded.app.inject({ method: 'GET', url: '/metrics', headers: right })).statusCode).toBe(
        200,
      );
    } finally {
      await guarded.close();
    }
    const production = await createTestApp({ env: 'production', metricsToken: null });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('/readyz', () => {
  it('fails while documents would be split between instances (shared database, local FILES_DIR)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const split = await createTestApp({ filesSplitAcrossInstances: true });
    try {
      const res = await split.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect((res.json() as { message: string }).message).toContain(
        'Documents would be split between instances',
      );
    } finally {
      await split.close();
    }
  });
});

describe('dead jobs for staff', () => {
  it('lists the dead jobs of the staff member’s organisation; borrowers get 403', async () => {
    const borrower = await registerAndSignIn(t.app, 'MAIN');
    const elsewhere = await registerAndSignIn(t.app, 'PINECREST');
    t.app.jobs.register('staff.doomed', {
      run: async () => {
        throw new Error('bureau unavailable');
      },
    });
    await enqueueJob(t.app.db, clock, {
      kind: 'staff.doomed',
      maxAttempts: 1,
      payload: { applicationUuid: borrower.applicationUuid },
    });
    await enqueueJob(t.app.db, clock, {
      kind: 'staff.doomed',
      maxAttempts: 1,
      payload: { applicationUuid: elsewhere.applicationUuid },
    });
    await t.app.jobs.runDue();

    const staff = await signIn(t.app, 'ops@heloc.test', 'Ops-password-1');
    const res = await t.app.inject({ method: 'GET', url: DEAD_JOBS_PATH, headers: staff });
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: { kind: string; applicationUuid: string; lastError: string }[] })
      .items;
    const mine = items.filter((item) => item.kind === 'staff.doomed');
    expect(mine).toEqual([
      expect.objectContaining({ applicationUuid: borrower.applicationUuid, lastError: 'bureau unavailable' }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: DEAD_JOBS_PATH, headers: borrower })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: DEAD_JOBS_PATH })).statusCode).toBe(401);
  });
});
