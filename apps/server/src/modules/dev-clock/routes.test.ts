/** The development clock: staff move it forward, borrowers cannot, and it exists only when configured. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OffsetClock } from '../../lib/clock';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn } from '../../test/auth';

const PATH = '/ops/api/v1/dev/clock';
const clock = new OffsetClock();
let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 1000 }, { clock, demoData: true });
  plain = await createTestApp({ authRateLimitPerMinute: 1000 });
});
afterAll(async () => {
  await t.close();
  await plain.close();
});

describe('POST /ops/api/v1/dev/clock', () => {
  it('lets staff move the clock forward, by milliseconds or to an instant, never backwards', async () => {
    const staff = await signIn(t.app, 'ops@heloc.test', 'Ops-password-1');
    const headers = { authorization: staff.authorization, cookie: staff.cookie };
    const before = clock.now().getTime();
    const moved = await t.app.inject({
      method: 'POST',
      url: PATH,
      headers,
      payload: { advanceMs: 3_600_000 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().offsetMs).toBe(3_600_000);
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(3_600_000);

    const target = new Date(clock.now().getTime() + 2 * 86_400_000).toISOString();
    const to = await t.app.inject({ method: 'POST', url: PATH, headers, payload: { to: target } });
    expect(to.statusCode, to.body).toBe(200);
    expect(Date.parse(to.json().now)).toBeGreaterThanOrEqual(Date.parse(target));

    const back = await t.app.inject({
      method: 'POST',
      url: PATH,
      headers,
      payload: { to: new Date(before).toISOString() },
    });
    expect(Date.parse(back.json().now)).toBeGreaterThanOrEqual(Date.parse(target));
    expect(
      (await t.app.inject({ method: 'POST', url: PATH, headers, payload: { advanceMs: -1 } })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: PATH, headers, payload: { advanceMs: 61 * 86_400_000 } }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses borrowers (403) and anonymous callers (401)', async () => {
    const ann = await registerAndSignIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: PATH,
      headers: { authorization: ann.authorization, cookie: ann.cookie },
      payload: { advanceMs: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
  });

  it('does not exist on the system clock, and the option is refused in production', async () => {
    // POST: a GET under /ops/ is the agent desk's page (503 while the desk is not built).
    expect(
      (await plain.app.inject({ method: 'POST', url: PATH, payload: { advanceMs: 1 } })).statusCode,
    ).toBe(404);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox', DEV_CLOCK_CONTROL: 'true' }),
    ).toThrow(/DEV_CLOCK_CONTROL is not allowed in production/);
  });
});
