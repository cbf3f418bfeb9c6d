/** `GET /brand/{orgCode}/logo`: the organisation's logo for e-mails (see mail/brand-logo.ts). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { LOGO_MAX_AGE_SECONDS, logoAsset } from '../../mail/brand-logo';

export const brandLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/brand/:orgCode/logo',
    {
      schema: {
        tags: ['organisations'],
        summary:
          'The organisation’s logo (PNG when one was uploaded, else its SVG): public and cacheable, for e-mails',
        description:
          "Served with `Content-Security-Policy: default-src 'none'`, `X-Content-Type-Options: nosniff`, `Cache-Control: public, max-age=86400` and an ETag; `?v=` (the logo digest e-mails add) is ignored.",
        params: z.object({ orgCode: z.string().min(1).max(64) }),
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const org = app.orgs.byOrgCode(request.params.orgCode.toUpperCase());
      if (!org) throw new AppError('NOT_FOUND', 'Organisation not found');
      const asset = logoAsset(org);
      const etag = `"${asset.digest}"`;
      reply
        .header('Content-Security-Policy', "default-src 'none'")
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Cache-Control', `public, max-age=${LOGO_MAX_AGE_SECONDS}`)
        .header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(asset.contentType).send(asset.body);
    },
  );
};
