import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const url = '/service-application/external/api/v1/heloc/state-licenses';

describe(`GET ${url}`, () => {
  it('lists the licensed states of every organisation, sorted', async () => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, string[]>;
    expect(Object.keys(body)).toHaveLength(t.app.orgs.all().length);
    expect(body.MAIN).toHaveLength(47);
    expect(body.MAIN).not.toContain('NY');
    expect(body.MAIN_NY).toContain('NY');
    for (const states of Object.values(body)) expect(states).toEqual([...states].sort());
  });

  it('answers one organisation by code, case-insensitively', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?orgCode=main_ny` });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['MAIN_NY']);
  });

  it('answers 404 for an unknown organisation', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?orgCode=NOPE` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'Organisation NOPE not found' });
  });

  it('needs no token (external call)', async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer garbage' } });
    expect(res.statusCode).toBe(200);
  });
});
