/**
 * Webhooks through HTTP with real receivers on loopback: a happy path driven through the engine (the
 * simulator) delivers a signed `step.changed` for every step change of its audit trail; a failing
 * receiver is retried with backoff, the subscription paused after N failures in a row (audited), and
 * replay delivers what it missed; secrets rotate; the SSRF baseline refuses inside addresses,
 * redirects and slow receivers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  ZWebhookDelivery,
  ZWebhookSecretAnswer,
  ZWebhookSubscription,
  verifyWebhookSignature,
} from '@heloc/domain';
import { simulate } from '../../../scripts/simulator';
import { schema } from '../../db';
import { ManualClock } from '../../lib/clock';
import { createSandboxProviders } from '../../providers';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn, type Credentials } from '../../test/auth';
import { sendWebhook } from './sender';

const BASE = '/service-ops/api/v1/webhooks';
const PASSWORD = 'Ops-password-1';

type Received = { headers: http.IncomingHttpHeaders; body: string; url: string };

// Receivers listen on this engineer's test port range (3133–3139; 3132 is the browser test's).
let nextPort = 0;
const receiverPort = () => 3133 + (nextPort++ % 7);

/** A webhook receiver on loopback: records every request, answers what `answer` says. */
async function startReceiver(
  answer: (request: Received) => { status: number; headers?: Record<string, string> } | null,
) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        url: request.url ?? '',
      };
      received.push(entry);
      const reply = answer(entry);
      if (!reply) return; // never answers (a slow receiver)
      response.writeHead(reply.status, reply.headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(receiverPort(), '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function verified(secret: string, request: Received) {
  return verifyWebhookSignature({
    secret,
    body: request.body,
    timestamp: request.headers[WEBHOOK_HEADERS.timestamp] as string | undefined,
    signature: request.headers[WEBHOOK_HEADERS.signature] as string | undefined,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
}

const clock = new ManualClock();
let t: TestApp;
let orgAdmin: Credentials;
let otherOrgAdmin: Credentials;
let platform: Credentials;

beforeAll(async () => {
  t = await createTestApp(
    {
      webhooks: { allowedHosts: ['127.0.0.1'], timeoutMs: 2000, maxAttempts: 3, pauseAfterFailures: 4 },
    },
    { demoData: true, clock, providers: createSandboxProviders({ clock, creditTimeoutDelayMs: 1 }) },
  );
  orgAdmin = await signIn(t.app, 'ops@heloc.test', PASSWORD);
  otherOrgAdmin = await signIn(t.app, 'ops-cascade@heloc.test', PASSWORD);
  platform = await signIn(t.app, 'admin@heloc.test', PASSWORD);
}, 120_000);
afterAll(async () => t.close());

async function subscribe(who: Credentials, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `${BASE}/subscriptions`, headers: who, payload });
  expect(res.statusCode, res.body).toBe(201);
  return ZWebhookSecretAnswer.parse(res.json());
}

async function deliveriesOf(subscriptionUuid: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${BASE}/subscriptions/${subscriptionUuid}/deliveries?limit=200`,
    headers: orgAdmin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: unknown[] }).items.map((item) => ZWebhookDelivery.parse(item));
}

async function pause(subscriptionUuid: string, verb: 'pause' | 'resume') {
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/subscriptions/${subscriptionUuid}/${verb}`,
    headers: orgAdmin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZWebhookSubscription.parse(res.json());
}

describe('a happy path delivers a signed step.changed for every step', { timeout: 180_000 }, () => {
  it('sends every event type the engine produces, each signed, one step.changed per audited step change', async () => {
    const receiver = await startReceiver(() => ({ status: 204 }));
    try {
      const { subscription, secret } = await subscribe(orgAdmin, {
        url: receiver.url,
        description: 'Our CRM',
        eventTypes: [...WEBHOOK_EVENT_TYPES],
      });
      expect(subscription).toMatchObject({ orgCode: 'MAIN', status: 'ACTIVE', undelivered: 0 });
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

      const result = await simulate({ scenario: 'Happy', target: { app: t.app, clock } });
      expect(result.final.status).toBe('COMPLETE');
      await t.app.jobs.runDue();
      const uuid = result.applicationUuid!;

      const ours = receiver.received.filter(
        (request) =>
          (JSON.parse(request.body) as { data: { applicationUuid: string } }).data.applicationUuid === uuid,
      );
      for (const request of ours) expect(await verified(secret, request)).toBeNull();
      // A wrong secret or a changed body does not verify.
      expect(await verified('whsec_wrong', ours[0]!)).toBe('bad signature');
      expect(await verified(secret, { ...ours[0]!, body: `${ours[0]!.body} ` })).toBe('bad signature');

      const events = ours.map(
        (request) =>
          JSON.parse(request.body) as {
            id: string;
            type: string;
            orgCode: string;
            data: {
              fromStep: string;
              toStep: string;
              action: string;
              propertyState: string;
              decision?: string;
            };
          },
      );
      for (const [index, event] of events.entries()) {
        expect(ours[index]!.headers[WEBHOOK_HEADERS.event]).toBe(event.type);
        expect(ours[index]!.headers[WEBHOOK_HEADERS.id]).toBe(event.id);
        expect(event.orgCode).toBe('MAIN');
      }
      const audited = await t.database.db
        .select()
        .from(schema.applicationEvents)
        .where(
          and(
            eq(schema.applicationEvents.applicationUuid, uuid),
            eq(schema.applicationEvents.kind, 'STEP_CHANGE'),
          ),
        )
        .orderBy(asc(schema.applicationEvents.id));
      const stepChanges = events.filter((event) => event.type === 'step.changed');
      const key = (e: { action: string; fromStep: string | null; toStep: string | null }) =>
        `${e.action}:${e.fromStep}→${e.toStep}`;
      expect(stepChanges.map((event) => key(event.data)).sort()).toEqual(audited.map(key).sort());
      expect(audited.length).toBeGreaterThanOrEqual(25);
      expect(stepChanges.at(-1)?.data.toStep ?? audited.at(-1)?.toStep).toBeDefined();
      expect(stepChanges.some((event) => event.data.toStep === 'COMPLETE')).toBe(true);
      expect(stepChanges.every((event) => event.data.propertyState === result.state)).toBe(true);

      const count = (type: string) => events.filter((event) => event.type === type).length;
      expect(count('application.created')).toBe(1);
      expect(count('offer.selected')).toBe(1);
      expect(count('application.submitted')).toBe(1);
      expect(count('application.funded')).toBe(1);
      expect(events.find((event) => event.type === 'decision.made')?.data.decision).toBe('APPROVED');

      const deliveries = await deliveriesOf(subscription.uuid);
      const forApplication = deliveries.filter((delivery) => delivery.applicationUuid === uuid);
      expect(forApplication.length).toBe(ours.length);
      expect(forApplication.every((delivery) => delivery.status === 'DELIVERED')).toBe(true);
      expect(forApplication[0]!.attemptLog).toEqual([
        expect.objectContaining({ statusCode: 204, error: null, replay: false }),
      ]);
      await pause(subscription.uuid, 'pause');
    } finally {
      await receiver.close();
    }
  });

  it('filters: only the listed steps reach a filtered subscription', async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      const { subscription } = await subscribe(orgAdmin, {
        url: receiver.url,
        eventTypes: ['step.changed'],
        filters: [
          { field: 'toStep', op: 'in', values: ['OFFER_SELECTION', 'COMPLETE'] },
          { field: 'propertyState', op: 'notIn', values: ['TX'] },
        ],
      });
      const result = await simulate({ scenario: 'Happy', target: { app: t.app, clock } });
      await t.app.jobs.runDue();
      const steps = receiver.received
        .map((request) => JSON.parse(request.body) as { data: { applicationUuid: string; toStep: string } })
        .filter((event) => event.data.applicationUuid === result.applicationUuid)
        .map((event) => event.data.toStep);
      expect(steps.sort()).toEqual(['COMPLETE', 'OFFER_SELECTION']);
      await pause(subscription.uuid, 'pause');
    } finally {
      await receiver.close();
    }
  });
});

describe('the engine’s own conditions', { timeout: 180_000 }, () => {
  it('send condition.raised and condition.cleared (Paystub: the pay stub asked for, uploaded, cleared)', async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      const { subscription, secret } = await subscribe(orgAdmin, {
        url: receiver.url,
        eventTypes: ['condition.raised', 'condition.cleared'],
      });
      const result = await simulate({ scenario: 'Paystub', target: { app: t.app, clock } });
      expect(result.final.status).toBe('COMPLETE');
      await t.app.jobs.runDue();
      const events = receiver.received
        .map(
          (request) =>
            JSON.parse(request.body) as {
              type: string;
              data: { applicationUuid: string; conditionCategory: string; actorType: string };
            },
        )
        .filter((event) => event.data.applicationUuid === result.applicationUuid)
        .map((event) => [event.type, event.data.conditionCategory, event.data.actorType]);
      expect(events).toContainEqual(['condition.raised', 'MANUAL_PAYSTUB_UPLOAD', 'SYSTEM']);
      expect(events).toContainEqual(['condition.cleared', 'MANUAL_PAYSTUB_UPLOAD', 'SYSTEM']);
      for (const request of receiver.received) expect(await verified(secret, request)).toBeNull();
      await pause(subscription.uuid, 'pause');
    } finally {
      await receiver.close();
    }
  });
});

describe('a failing receiver', { timeout: 120_000 }, () => {
  it('is retried with backoff, then paused (audited), and replay delivers what it missed', async () => {
    let failing = true;
    const receiver = await startReceiver(() => ({ status: failing ? 500 : 200 }));
    try {
      const since = clock.now();
      const { subscription, secret } = await subscribe(orgAdmin, {
        url: receiver.url,
        eventTypes: ['condition.raised'],
      });
      const borrower = await registerAndSignIn(t.app, 'MAIN');
      const raise = async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/service-ops/api/v1/applications/${borrower.applicationUuid}/conditions`,
          headers: platform,
          payload: { category: 'GENERIC_DOCUMENT_REQUEST', commentsToBorrower: 'A bank statement, please.' },
        });
        expect(res.statusCode, res.body).toBe(200);
      };

      await raise();
      await t.app.jobs.runDue();
      expect(receiver.received).toHaveLength(1);
      // The retry waits for its backoff (10 s after the first failure, then 30 s).
      await t.app.jobs.runDue();
      clock.advance(9_000);
      await t.app.jobs.runDue();
      expect(receiver.received).toHaveLength(1);
      clock.advance(1_000);
      await t.app.jobs.runDue();
      expect(receiver.received).toHaveLength(2);
      clock.advance(30_000);
      await t.app.jobs.runDue();
      expect(receiver.received).toHaveLength(3);
      const firstId = receiver.received[0]!.headers[WEBHOOK_HEADERS.id];
      expect(receiver.received.map((request) => request.headers[WEBHOOK_HEADERS.id])).toEqual([
        firstId,
        firstId,
        firstId,
      ]);
      for (const request of receiver.received) expect(await verified(secret, request)).toBeNull();

      let [first] = await deliveriesOf(subscription.uuid);
      expect(first).toMatchObject({
        status: 'FAILED',
        attempts: 3,
        lastStatusCode: 500,
        lastError: 'answered 500',
      });
      expect(first!.attemptLog.map((attempt) => attempt.statusCode)).toEqual([500, 500, 500]);
      expect(first!.attemptLog.every((attempt) => attempt.latencyMs >= 0)).toBe(true);

      // The fourth failure in a row pauses the subscription: reported, audited, never deleted.
      await raise();
      await t.app.jobs.runDue();
      expect(receiver.received).toHaveLength(4);
      const paused = ZWebhookSubscription.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `${BASE}/subscriptions/${subscription.uuid}`,
            headers: orgAdmin,
          })
        ).json(),
      );
      expect(paused).toMatchObject({
        status: 'PAUSED',
        pausedReason: 'FAILURES',
        consecutiveFailures: 4,
        undelivered: 2,
      });
      const audit = await t.database.db
        .select()
        .from(schema.staffAuditEvents)
        .where(eq(schema.staffAuditEvents.action, 'WEBHOOK_PAUSED'));
      expect(
        audit.some(
          (entry) => (entry.data as { subscriptionUuid?: string }).subscriptionUuid === subscription.uuid,
        ),
      ).toBe(true);

      // Events while paused are kept, not sent.
      clock.advance(1_000);
      await raise();
      await t.app.jobs.runDue();
      clock.advance(3_600_000);
      await t.app.jobs.runDue();
      expect(receiver.received).toHaveLength(4);
      const held = await deliveriesOf(subscription.uuid);
      expect(held.map((delivery) => delivery.status)).toEqual(['HELD', 'FAILED', 'FAILED']);

      // Replay is refused while paused; resumed, it sends all three missed events.
      const replay = () =>
        t.app.inject({
          method: 'POST',
          url: `${BASE}/subscriptions/${subscription.uuid}/replay`,
          headers: orgAdmin,
          payload: { since: since.toISOString() },
        });
      expect((await replay()).statusCode).toBe(409);
      failing = false;
      expect((await pause(subscription.uuid, 'resume')).status).toBe('ACTIVE');
      const replayed = await replay();
      expect(replayed.statusCode, replayed.body).toBe(200);
      expect(replayed.json()).toEqual({ replayed: 3 });
      await t.app.jobs.runDue();
      expect(receiver.received).toHaveLength(7);
      const after = await deliveriesOf(subscription.uuid);
      expect(after.map((delivery) => delivery.status)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED']);
      const replayedIds = receiver.received.slice(4).map((request) => request.headers[WEBHOOK_HEADERS.id]);
      expect(replayedIds).toContain(firstId);
      [first] = after.slice(-1);
      expect(first!.attemptLog.map((attempt) => [attempt.statusCode, attempt.replay])).toEqual([
        [500, false],
        [500, false],
        [500, false],
        [200, true],
      ]);

      // One delivery replayed on its own (already delivered: the receiver lost it), after a rotation:
      // the new secret signs it, the old one no longer verifies.
      const rotated = await t.app.inject({
        method: 'POST',
        url: `${BASE}/subscriptions/${subscription.uuid}/rotate-secret`,
        headers: orgAdmin,
      });
      expect(rotated.statusCode, rotated.body).toBe(200);
      const newSecret = ZWebhookSecretAnswer.parse(rotated.json()).secret;
      expect(newSecret).not.toBe(secret);
      const one = await t.app.inject({
        method: 'POST',
        url: `${BASE}/deliveries/${first!.uuid}/replay`,
        headers: orgAdmin,
      });
      expect(one.statusCode, one.body).toBe(200);
      await t.app.jobs.runDue();
      expect(receiver.received).toHaveLength(8);
      expect(receiver.received[7]!.headers[WEBHOOK_HEADERS.id]).toBe(firstId);
      expect(await verified(newSecret, receiver.received[7]!)).toBeNull();
      expect(await verified(secret, receiver.received[7]!)).toBe('bad signature');
      await pause(subscription.uuid, 'pause');
    } finally {
      await receiver.close();
    }
  });
});

describe('the console API', () => {
  it('refuses bad subscriptions with a 400 naming the problem', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `${BASE}/subscriptions`, headers: orgAdmin, payload });
    const base = { url: 'https://hooks.example.com/heloc', eventTypes: ['step.changed'] };
    for (const [payload, message] of [
      [{ ...base, url: 'ftp://hooks.example.com/x' }, 'http://'],
      [{ ...base, url: 'https://user:pw@hooks.example.com/x' }, 'user name'],
      [{ ...base, url: 'http://10.1.2.3/hook' }, 'private or reserved'],
      [{ ...base, url: 'http://[::ffff:192.168.0.1]/hook' }, 'private or reserved'],
      [{ ...base, url: 'http://169.254.169.254/latest/meta-data' }, 'private or reserved'],
      [{ ...base, url: 'http://localhost:8080/hook' }, 'localhost is not allowed'],
      [{ ...base, eventTypes: [] }, 'Choose at least one event type'],
      [{ ...base, eventTypes: ['step.changed', 'step.changed'] }, 'listed twice'],
      [{ ...base, eventTypes: ['loan.sold'] }, ''],
      [{ ...base, filters: [{ field: 'toStep', op: 'in', values: ['NOT_A_STEP'] }] }, 'not a known toStep'],
      [{ ...base, filters: [{ field: 'propertyState', op: 'in', values: [] }] }, 'at least one value'],
    ] as const) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await post(base)).statusCode).toBe(201);
  });

  it('another organisation’s admin sees none of it (404), a loan officer is refused (403)', async () => {
    const { subscription } = await subscribe(orgAdmin, {
      url: 'https://hooks.example.com/tenant',
      eventTypes: ['application.funded'],
    });
    for (const [method, url] of [
      ['GET', `${BASE}/subscriptions/${subscription.uuid}`],
      ['POST', `${BASE}/subscriptions/${subscription.uuid}/pause`],
      ['POST', `${BASE}/subscriptions/${subscription.uuid}/rotate-secret`],
      ['GET', `${BASE}/subscriptions/${subscription.uuid}/deliveries`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: otherOrgAdmin })).statusCode, url).toBe(404);
    }
    const listed = await t.app.inject({
      method: 'GET',
      url: `${BASE}/subscriptions`,
      headers: otherOrgAdmin,
    });
    expect(
      (listed.json() as { items: { orgCode: string }[] }).items.every(
        (item) => item.orgCode === 'CASCADE_TEACHERS',
      ),
    ).toBe(true);
    const officer = await signIn(t.app, 'lo@heloc.test', PASSWORD);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/subscriptions`, headers: officer })).statusCode,
    ).toBe(403);
    // Platform admins name the organisation.
    const forCascade = await subscribe(platform, {
      orgCode: 'CASCADE_TEACHERS',
      url: 'https://hooks.example.com/cascade',
      eventTypes: ['step.changed'],
    });
    expect(forCascade.subscription.orgCode).toBe('CASCADE_TEACHERS');
  });

  it('stores the secret sealed, never in clear', async () => {
    const { subscription, secret } = await subscribe(orgAdmin, {
      url: 'https://hooks.example.com/sealed',
      eventTypes: ['step.changed'],
    });
    const [row] = await t.database.db
      .select()
      .from(schema.webhookSubscriptions)
      .where(eq(schema.webhookSubscriptions.uuid, subscription.uuid));
    expect(row!.secretSealed).not.toContain(secret.slice(6));
    const listed = await t.app.inject({ method: 'GET', url: `${BASE}/subscriptions`, headers: orgAdmin });
    expect(listed.body).not.toContain(secret.slice(6));
  });
});

describe('the sender’s SSRF baseline', () => {
  const send = (url: string, allowList: string[], timeoutMs = 2000) =>
    sendWebhook({
      url,
      secret: 'whsec_test',
      eventId: 'e1',
      eventType: 'step.changed',
      body: '{}',
      allowList,
      timeoutMs,
    });

  it('refuses loopback and names resolving to it unless allow-listed', async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      const refused = await send(receiver.url, []);
      expect(refused).toMatchObject({ ok: false, statusCode: null });
      expect(refused.error).toContain('private or reserved');
      const byName = await send(`http://localhost:${receiver.port}/hooks`, []);
      expect(byName.ok).toBe(false);
      expect(byName.error).toContain('private or reserved');
      expect(receiver.received).toHaveLength(0);
      expect(await send(receiver.url, ['127.0.0.1'])).toMatchObject({ ok: true, statusCode: 200 });
    } finally {
      await receiver.close();
    }
  });

  it('never follows a redirect, and gives up on a receiver that does not answer in time', async () => {
    const target = await startReceiver(() => ({ status: 200 }));
    const redirecting = await startReceiver(() => ({ status: 307, headers: { location: target.url } }));
    const silent = await startReceiver(() => null);
    try {
      const redirected = await send(redirecting.url, ['127.0.0.1']);
      expect(redirected).toMatchObject({
        ok: false,
        statusCode: 307,
        error: 'answered 307 (redirects are not followed)',
      });
      expect(target.received).toHaveLength(0);
      const slow = await send(silent.url, ['127.0.0.1'], 300);
      expect(slow).toMatchObject({ ok: false, statusCode: null, error: 'no answer within 300 ms' });
      expect(slow.latencyMs).toBeLessThan(2000);
    } finally {
      await Promise.all([target.close(), redirecting.close(), silent.close()]);
    }
  });
});
