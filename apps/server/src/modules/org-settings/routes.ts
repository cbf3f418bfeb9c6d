/**
 * Organisation settings in the lender console (`/ops/settings`): versions, drafts, diff, publish,
 * rollback and logo upload. Every route goes through the staff policy with ORG_SETTINGS_MANAGE
 * (another organisation answers 404). The preview on the borrower pages is in modules/web.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ZApiErrorBody, ZOrgSettingsOverview, ZSettingsVersion } from '@heloc/domain';
import { STAFF_TAG, staffRoute } from '../staff/policy';
import {
  createDraft,
  PERMISSION,
  publishVersion,
  rollBack,
  settingsOverview,
  settingsVersion,
  type SettingsDeps,
} from './service';
import { logoFromUpload } from './logo';

export const SETTINGS_BASE = '/service-ops/api/v1/organisations/:orgCode/settings';

const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 403: ZApiErrorBody, 404: ZApiErrorBody };
const withConflict = { ...errors, 409: ZApiErrorBody };
const tags = [STAFF_TAG, 'organisation settings'];
const orgParams = z.object({ orgCode: z.string().regex(/^[A-Za-z0-9_]{2,32}$/, 'Unknown organisation') });
const versionParams = orgParams.extend({ version: z.coerce.number().int().min(1).max(1_000_000) });

export const orgSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): SettingsDeps => ({ db: app.db, orgs: app.orgs });

  app.get(
    SETTINGS_BASE,
    {
      ...staffRoute(app, PERMISSION),
      schema: {
        tags,
        summary: 'The organisation’s published settings and its versions, newest first',
        params: orgParams,
        response: { 200: ZOrgSettingsOverview, ...errors },
      },
    },
    async (request) => settingsOverview(deps(), request, request.params.orgCode),
  );

  app.get(
    `${SETTINGS_BASE}/versions/:version`,
    {
      ...staffRoute(app, PERMISSION),
      schema: {
        tags,
        summary: 'One settings version with its changes against the published version',
        params: versionParams,
        response: { 200: ZSettingsVersion, ...errors },
      },
    },
    async (request) => settingsVersion(deps(), request, request.params.orgCode, request.params.version),
  );

  app.post(
    `${SETTINGS_BASE}/versions`,
    {
      ...staffRoute(app, PERMISSION),
      schema: {
        tags,
        summary: 'Save a draft: a new version of the whole settings document, with a note',
        description:
          'Checked before it is stored: ranges and min < max of the pricing limits, the Texas 80% CLTV limit, #rrggbb colours with at least 4.5:1 contrast against white (WCAG AA), a safe SVG logo, the home state among the licensed states. Preview it on the borrower pages with `?preview=<version or uuid>` (signed in as staff with this permission).',
        params: orgParams,
        body: API_WRITES['POST /service-ops/api/v1/organisations/:orgCode/settings/versions'],
        response: { 201: ZSettingsVersion, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDraft(deps(), request, request.params.orgCode, request.body)),
  );

  app.post(
    `${SETTINGS_BASE}/versions/:version/publish`,
    {
      ...staffRoute(app, PERMISSION),
      schema: {
        tags,
        summary: 'Publish a draft: the organisation takes its settings on every instance at once',
        description: '409 when the version is not a draft (a version published before: roll back to it).',
        params: versionParams,
        body: API_WRITES[
          'POST /service-ops/api/v1/organisations/:orgCode/settings/versions/:version/publish'
        ],
        response: { 200: ZSettingsVersion, ...withConflict },
      },
    },
    async (request) =>
      publishVersion(deps(), request, request.params.orgCode, request.params.version, request.body.note),
  );

  app.post(
    `${SETTINGS_BASE}/versions/:version/rollback`,
    {
      ...staffRoute(app, PERMISSION),
      schema: {
        tags,
        summary: 'Roll back: a new version equal to this earlier published one, published at once',
        description: '409 for a version never published, or the one published now.',
        params: versionParams,
        body: API_WRITES[
          'POST /service-ops/api/v1/organisations/:orgCode/settings/versions/:version/rollback'
        ],
        response: { 201: ZSettingsVersion, ...withConflict },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await rollBack(deps(), request, request.params.orgCode, request.params.version, request.body.note),
        ),
  );

  app.post(
    `${SETTINGS_BASE}/logo`,
    {
      ...staffRoute(app, PERMISSION),
      schema: {
        tags,
        summary: 'Check an uploaded logo (SVG or PNG, at most 100 KB) and answer it as the brand’s SVG',
        description:
          'The bytes are sniffed, not the file name: a PNG is wrapped in an SVG of its size; an SVG with scripts, event handlers, entities or outside references is refused. Nothing is stored: put the answer in a draft.',
        params: orgParams,
        body: API_WRITES['POST /service-ops/api/v1/organisations/:orgCode/settings/logo'],
        response: {
          200: z.object({ logoSvg: z.string(), kind: z.enum(['SVG', 'PNG']) }),
          413: ZApiErrorBody,
          ...errors,
        },
      },
    },
    async (request) => logoFromUpload(deps(), request, request.params.orgCode, request.body.contentBase64),
  );
};
