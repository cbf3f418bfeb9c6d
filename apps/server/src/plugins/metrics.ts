/**
 * GET /metrics in the Prometheus text format, and the request latency histogram fed from every
 * answer. Access: with METRICS_TOKEN set, only `Authorization: Bearer <METRICS_TOKEN>`; without it
 * the route is open outside production (loopback development) and absent in production (404), so
 * queue sizes and route timings are never public by accident.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import type { AppMetrics } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this app (lib/metrics.ts). */
    metrics: AppMetrics;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export const metricsPlugin = fp(
  async (
    app: FastifyInstance,
    options: { metrics: AppMetrics; token: string | null; production: boolean },
  ) => {
    const { metrics, token } = options;
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, never the raw URL: one series per route, whatever ids the URL carries.
      const route = request.routeOptions.url ?? '(unmatched)';
      metrics.httpDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    if (options.production && !token) return;
    app.get(
      '/metrics',
      {
        schema: {
          tags: ['operations'],
          summary: 'Prometheus metrics (text format); `Authorization: Bearer METRICS_TOKEN` when configured',
        },
      },
      async (request, reply) => {
        if (token) {
          const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
          if (!timingSafeEqual(digest(given), digest(token))) {
            throw new AppError('UNAUTHENTICATED', 'Unauthenticated');
          }
        }
        const body = await metrics.render();
        return reply
          .header('content-type', metrics.contentType)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  },
  { name: 'metrics' },
);
