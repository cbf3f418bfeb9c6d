/**
 * The security headers as the plugin sets them on its own: the policy follows the deployment's
 * scheme (HSTS and upgrading requests only behind HTTPS), and every answer gets them, a route's own
 * error or a missing route included (app.test.ts checks them on the whole app).
 */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { securityPlugin } from './security';

let app: ReturnType<typeof Fastify> | null = null;

async function build(https: boolean) {
  app = Fastify();
  await app.register(securityPlugin, { https });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  app = null;
});

describe('security headers', () => {
  it('on plain HTTP: no HSTS and no request upgrading (the embedded quick start)', async () => {
    const res = await (await build(false)).inject({ method: 'GET', url: '/ok' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('behind HTTPS: HSTS for a year with subdomains, and requests upgraded', async () => {
    const res = await (await build(true)).inject({ method: 'GET', url: '/ok' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('every answer carries them: a failing route and a missing one too, the same policy each time', async () => {
    const server = await build(false);
    const answers = await Promise.all(
      ['/ok', '/fails', '/missing', '/ok'].map((url) => server.inject({ method: 'GET', url })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 500, 404, 200]);
    const policies = new Set(answers.map((res) => res.headers['content-security-policy']));
    expect(policies.size).toBe(1);
    expect([...policies][0]).toContain("frame-ancestors 'none'");
    for (const res of answers) expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
