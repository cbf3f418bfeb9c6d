/** Feature flags through HTTP: defaults, organisation overrides, unknown keys, bad input. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, MAINTENANCE_DEFAULT_TITLE, ZMaintenanceFlag } from '@heloc/domain';
import { schema } from '../../db';
import { MAINTENANCE_DEMO_ORG } from '../../seed/feature-flags';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const feature = (
  payload: unknown,
  { context = 'heloc', headers = {} }: { context?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/service-optimize/${context}/api/v1/feature`,
    payload: payload as object,
    headers,
  });
const features = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/service-optimize/heloc/api/v1/features',
    payload: payload as object,
    headers,
  });

async function decision(featureKey: string, organization?: string, headers: Record<string, string> = {}) {
  const res = await feature({ featureKey, optimizeUser: organization ? { organization } : {} }, { headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { enabled: boolean; flagEnabled: boolean; variables: Record<string, unknown> };
}

describe('POST /service-optimize/{context}/api/v1/feature', () => {
  it('answers the default: web chat on, maintenance off with its variables', async () => {
    expect(await decision(FEATURE_FLAGS.webchat)).toEqual({
      enabled: true,
      flagEnabled: true,
      variables: {},
    });
    const maintenance = await decision(FEATURE_FLAGS.maintenance, 'MAIN');
    expect(maintenance).toEqual({
      enabled: false,
      flagEnabled: false,
      variables: {
        routes: '[]',
        message:
          'We are currently undergoing scheduled maintenance. Please check back shortly. Thank you for your patience!',
        pageTitle: MAINTENANCE_DEFAULT_TITLE,
        shouldShowDashboardLink: true,
      },
    });
    // The answer is the maintenance lookup's shape itself (spec 2 §7 "returns flagEnabled and variables").
    expect(ZMaintenanceFlag.parse(maintenance)).toMatchObject({ flagEnabled: false });
  });

  it('lets an organisation’s own row override the default (maintenance demo organisation)', async () => {
    const on = await decision(FEATURE_FLAGS.maintenance, MAINTENANCE_DEMO_ORG);
    expect(on.enabled).toBe(true);
    expect(JSON.parse(on.variables.routes as string)).toEqual(['/']);
    expect(on.variables.shouldShowDashboardLink).toBe(true);
  });

  it('turns the Portfolio Manager link on for MAIN only; other flags are off', async () => {
    expect((await decision(FEATURE_FLAGS.portfolioManager, 'MAIN')).enabled).toBe(true);
    expect((await decision(FEATURE_FLAGS.portfolioManager, 'PINECREST')).enabled).toBe(false);
    expect((await decision(FEATURE_FLAGS.portfolioManager)).enabled).toBe(false);
    expect((await decision(FEATURE_FLAGS.additionalSignerConditions, 'MAIN')).enabled).toBe(false);
    expect((await decision(FEATURE_FLAGS.brokerIdentity, 'MAIN')).enabled).toBe(false);
  });

  it('takes the organisation from the header when the user names none, the user’s first', async () => {
    const header = { 'x-org-code': MAINTENANCE_DEMO_ORG };
    expect((await decision(FEATURE_FLAGS.maintenance, undefined, header)).enabled).toBe(true);
    expect((await decision(FEATURE_FLAGS.maintenance, 'MAIN', header)).enabled).toBe(false);
    expect((await decision(FEATURE_FLAGS.maintenance, MAINTENANCE_DEMO_ORG.toLowerCase())).enabled).toBe(
      true,
    );
    // An unknown organisation gets the defaults.
    expect((await decision(FEATURE_FLAGS.portfolioManager, 'NOT_AN_ORG')).enabled).toBe(false);
  });

  it('answers an unknown flag as off with no variables', async () => {
    expect(await decision('fe-does-not-exist', 'MAIN')).toEqual({
      enabled: false,
      flagEnabled: false,
      variables: {},
    });
  });

  it('keeps loose optimisation-user attributes and never answers more than enabled, flagEnabled and variables', async () => {
    const res = await feature({
      featureKey: FEATURE_FLAGS.webchat,
      optimizeUser: {
        organization: 'MAIN',
        identity: { uuid: '7c1a2b3c-0000-4000-8000-000000000001', isBroker: false },
        application: { uuid: 'x', isCrypto: false },
        trackerId: 'abc',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['enabled', 'flagEnabled', 'variables']);
    expect(res.body).not.toContain('description');
    expect(res.body).not.toContain('orgCode');
  });

  it('answers 400 (error shape) for a missing key, a bad context or a bad organisation', async () => {
    const missing = await feature({ optimizeUser: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, details: [{ path: 'body.featureKey' }] });

    const badContext = await feature({ featureKey: FEATURE_FLAGS.webchat }, { context: 'HELOC_App' });
    expect(badContext.statusCode).toBe(400);
    expect(badContext.json()).toMatchObject({ status: 400, details: [{ path: 'params.context' }] });

    const longContext = await feature({ featureKey: FEATURE_FLAGS.webchat }, { context: 'a'.repeat(33) });
    expect(longContext.statusCode).toBe(400);

    const badOrg = await feature({ featureKey: FEATURE_FLAGS.webchat, optimizeUser: { organization: 42 } });
    expect(badOrg.statusCode).toBe(400);
    expect(badOrg.json()).toMatchObject({ details: [{ path: 'body.optimizeUser.organization' }] });
  });

  it('needs no token', async () => {
    const res = await feature(
      { featureKey: FEATURE_FLAGS.webchat },
      { headers: { authorization: 'Bearer garbage' } },
    );
    expect(res.statusCode).toBe(200);
  });

  it('serves every context the same flags', async () => {
    const res = await feature({ featureKey: FEATURE_FLAGS.webchat }, { context: 'ft-2' });
    expect(res.json()).toEqual({ enabled: true, flagEnabled: true, variables: {} });
  });
});

describe('POST /service-optimize/{context}/api/v1/features', () => {
  it('answers every flag by key, with the organisation’s overrides', async () => {
    const res = await features({ optimizeUser: { organization: 'MAIN' } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { features: Record<string, { enabled: boolean }> };
    expect(Object.keys(body.features).sort()).toEqual(Object.values(FEATURE_FLAGS).sort());
    expect(body.features[FEATURE_FLAGS.webchat]!.enabled).toBe(true);
    expect(body.features[FEATURE_FLAGS.portfolioManager]!.enabled).toBe(true);
    expect(body.features[FEATURE_FLAGS.maintenance]!.enabled).toBe(false);

    const demo = (await features({}, { 'x-org-code': MAINTENANCE_DEMO_ORG })).json();
    expect(demo.features[FEATURE_FLAGS.maintenance]).toMatchObject({
      enabled: true,
      variables: { routes: '["/"]' },
    });
    expect(demo.features[FEATURE_FLAGS.portfolioManager].enabled).toBe(false);
  });

  it('accepts a body without optimizeUser (defaults only), not a missing body', async () => {
    const res = await features({});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().features[FEATURE_FLAGS.portfolioManager].enabled).toBe(false);
    const none = await t.app.inject({ method: 'POST', url: '/service-optimize/heloc/api/v1/features' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ status: 400, message: expect.any(String) });
  });

  it('reflects an operator’s change to a flag', async () => {
    await t.database.db.insert(schema.featureFlags).values({
      key: FEATURE_FLAGS.webchat,
      orgCode: 'PINECREST',
      enabled: false,
      variables: { reason: 'x' },
    });
    try {
      const pinecrest = (await features({ optimizeUser: { organization: 'PINECREST' } })).json();
      expect(pinecrest.features[FEATURE_FLAGS.webchat]).toEqual({
        enabled: false,
        flagEnabled: false,
        variables: { reason: 'x' },
      });
      const main = (await features({ optimizeUser: { organization: 'MAIN' } })).json();
      expect(main.features[FEATURE_FLAGS.webchat].enabled).toBe(true);
    } finally {
      await t.database.db
        .delete(schema.featureFlags)
        .where(
          and(
            eq(schema.featureFlags.key, FEATURE_FLAGS.webchat),
            eq(schema.featureFlags.orgCode, 'PINECREST'),
          ),
        );
    }
  });
});
