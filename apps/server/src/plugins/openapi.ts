/**
 * The OpenAPI document, generated from the same zod schemas that validate requests and
 * responses: JSON at /docs/json, an interactive reference at /docs. Production leaves both out
 * unless DOCS_ENABLED=true (the document maps every route an attacker could try).
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { enabled: boolean }) => {
    if (!options.enabled) return;
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'HELOC online application platform API',
          description:
            'Every call of the borrower web app (same method and path as the specification) plus the server-side actions. Errors answer `{ status, message, details? }`.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description:
                'The token from login or registration; only valid together with the HttpOnly fingerprint cookie set by the same call.',
            },
          },
        },
        tags: [
          { name: 'operations', description: 'Health and readiness' },
          { name: 'organisations', description: 'White-label organisations and licensing' },
          { name: 'identity', description: 'Sign-in, registration, sessions, password and two-factor' },
          { name: 'profile', description: 'The borrower profile' },
          { name: 'applications', description: 'HELOC applications' },
          { name: 'wallet', description: 'The wallet account and its notifications' },
          { name: 'lead-portal', description: 'Loan officers and brokers shown on the borrower’s card' },
          { name: 'operating-hours', description: 'Department hours (Pacific time) and open status' },
          { name: 'feature-flags', description: 'Feature decisions per organisation' },
          {
            name: 'staff',
            description:
              'Lender staff routes: each goes through the staff policy and names its permission (another organisation’s resource answers 404, a missing permission 403)',
          },
          {
            name: 'staff administration',
            description: 'Staff of an organisation: invitations, roles, disabling, audit',
          },
          {
            name: 'webhooks',
            description:
              'Webhook subscriptions, signed deliveries, attempts, pause/resume, replay (README "Webhooks": headers and verification)',
          },
          {
            name: 'organisation settings',
            description:
              'Self-serve organisation settings: versions, drafts and their changes, publish, rollback, logo upload (README "Organisation settings"; preview with `?preview=` on the borrower pages)',
          },
        ],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
