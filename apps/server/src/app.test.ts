/** The server's edge through HTTP: health, errors for bad input, security headers, OpenAPI. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rowsOf } from './db';
import { buildApp } from './app';
import { createTestApp, testConfig, type TestApp } from './test/app';
import { registerAndSignIn } from './test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { bodyLimitBytes: 1024 },
    {
      // A JSON write route composed into the real app, so body parsing, validation and the error
      // handler are exercised exactly as every module's write endpoints will be.
      extend: (app) =>
        app.withTypeProvider<ZodTypeProvider>().post(
          '/__test/echo',
          {
            schema: {
              body: z.object({ name: z.string().min(1).max(10), amount: z.number().int() }),
              response: { 200: z.object({ name: z.string(), amount: z.number() }) },
            },
          },
          async (request) => request.body,
        ),
    },
  );
});
afterAll(async () => t.close());

describe('health', () => {
  it('GET /healthz answers ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is ready once every migration is applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', migrations: expect.any(Number) });
    expect(res.json().migrations).toBeGreaterThan(0);
  });

  it('GET /readyz answers 503 when a migration is missing', async () => {
    const [latest] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await t.database.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
      ),
    );
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${latest!.id}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 503, message: 'Database migrations are not all applied' });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${latest!.id}, ${latest!.hash}, ${latest!.created_at})`,
      );
    }
  });
});

describe('bad input answers 4xx JSON with a clear message', () => {
  it('an unknown route is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/service-nothing/api/v1/nowhere?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      status: 404,
      message: 'Route GET /service-nothing/api/v1/nowhere not found',
    });
  });

  it('a query of the wrong shape names the field', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/service-application/external/api/v1/heloc/state-licenses?orgCode=../../etc',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(400);
    expect(body.message).toContain('orgCode must be 2–32 letters, digits or underscores');
    expect(body.details).toEqual([
      { path: 'querystring.orgCode', message: 'orgCode must be 2–32 letters, digits or underscores' },
    ]);
  });

  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/__test/echo', headers: { 'content-type': contentType }, payload });

  it('accepts a valid body and strips unknown fields', async () => {
    const res = await post(JSON.stringify({ name: 'Ann', amount: 5, isAdmin: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Ann', amount: 5 });
  });

  it.each([
    ['malformed JSON', '{"name":', 'application/json', 400, 'Malformed JSON in request body'],
    [
      'an oversize body',
      JSON.stringify({ name: 'x'.repeat(2000), amount: 1 }),
      'application/json',
      413,
      'Request body is too large',
    ],
    [
      'an unsupported content type',
      'name=Ann',
      'application/x-www-form-urlencoded',
      415,
      'Unsupported content type',
    ],
  ])('%s', async (_label, payload, contentType, status, message) => {
    const res = await post(payload, contentType);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ status, message });
  });

  it('an empty JSON body is no body: the schema answers what was required', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, details: [{ path: 'body' }] });
  });

  it('wrong types list every failing field', async () => {
    const res = await post(JSON.stringify({ name: 42, amount: 'five' }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(/^Invalid request: /);
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual(['body.amount', 'body.name']);
  });

  it('the process keeps serving after bad requests', async () => {
    for (let i = 0; i < 5; i += 1) {
      await t.app.inject({ method: 'GET', url: `/nope/${i}` });
    }
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sets a CSP without inline scripts and the usual hardening headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // The upload preview shows the borrower's own file through an object URL.
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents every public route at /docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/healthz',
        '/readyz',
        '/service-application/external/api/v1/heloc/state-licenses',
      ]),
    );
    // Pages and assets are not API and stay out of the document.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/account/heloc'))).toBe(false);
  });

  it('serves the interactive reference at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('the API reference in production', () => {
  const productionApp = async (docsEnabled: boolean) => {
    const app = await buildApp({
      config: testConfig({ env: 'production', docsEnabled }),
      database: t.database,
      closeDatabase: false,
    });
    await app.ready();
    return app;
  };

  it('is off unless DOCS_ENABLED=true', async () => {
    const off = await productionApp(false);
    try {
      expect((await off.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
      expect((await off.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(404);
      expect((await off.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
    const on = await productionApp(true);
    try {
      expect((await on.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    } finally {
      await on.close();
    }
  });

  it('follows NODE_ENV and DOCS_ENABLED in the configuration', async () => {
    const { loadConfig } = await import('./config');
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), MAIL_TRANSPORT: 'outbox' };
    expect(loadConfig(production).docsEnabled).toBe(false);
    expect(loadConfig({ ...production, DOCS_ENABLED: 'true' }).docsEnabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).docsEnabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DOCS_ENABLED: 'false' }).docsEnabled).toBe(false);
  });
});

describe('Cache-Control on authenticated answers', () => {
  it('is no-store on every JSON answer to a signed-in call, a refused one and a sign-in', async () => {
    const borrower = await registerAndSignIn(t.app);
    const headers = { authorization: borrower.authorization, cookie: borrower.cookie };
    const urls = [
      '/service-profile/api/v1/profile',
      `/service-application/api/v1/application/heloc/${borrower.applicationUuid}`,
      '/service-wallet/secure/api/v4/account',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
      expect(res.headers['content-type'], url).toContain('json');
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({
      method: 'GET',
      url: '/service-profile/api/v1/profile',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({
      method: 'POST',
      url: '/identity/api/v1/login',
      payload: { email: borrower.email, password: 'Strong-passw0rd!' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('leaves public answers to their own caching', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/service-application/external/api/v1/heloc/state-licenses?orgCode=MAIN',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBeUndefined();
  });
});
