/**
 * The tenant matrix, generated from the OpenAPI document: every staff route (tag `staff`, with its
 * permission written into the document by the policy) and the agent side of the chat (calls and the
 * desk websocket) is tried
 *   - without a token (401), with a borrower's token (403),
 *   - by a member of organisation A holding each single role: 403 exactly when the role lacks the
 *     route's permission,
 *   - by a member of A holding every organisation role on organisation B's resources: 404 (listings:
 *     none of B's rows, and asking for B answers 404),
 *   - by a platform admin on B's resources: allowed, and audited.
 * A route under a staff prefix that is not tagged fails here; a tagged route without the policy stops
 * the app from starting (app.ts); a new staff route without a case below fails "every staff route has
 * a case".
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orgSettingsOf,
  settingsWeekOf,
  SETTINGS_FLAG_KEYS,
  ROLE_PERMISSIONS,
  STAFF_PERMISSION_NAMES,
  ZChatSocketEvent,
  type TChatSocketEvent,
  type TStaffPermission,
  type TStaffRole,
} from '@heloc/domain';
import { schema } from '../../db';
import { OffsetClock } from '../../lib/clock';
import { enqueueJob } from '../../jobs/queue';
import { sealSsn } from '../../engine/submission/secrets';
import { createTestApp, type TestApp } from '../../test/app';
import { LOAN_ORIGINATOR_IDS } from '../../seed/loan-originators';
import { registerAndSignIn, signIn, type Credentials } from '../../test/auth';
import { STAFF_PATH_PREFIXES, STAFF_TAG } from './policy';
import { createStaffAccount } from './service';
import { readOutbox } from '../../mail';

const A = 'MAIN';
const B = 'CASCADE_TEACHERS';
const PASSWORD = 'Matrix-passw0rd!';
const MATRIX_DOOMED_JOB = 'matrix.doomed';
const ORG_ROLES: TStaffRole[] = ['AGENT', 'LOAN_OFFICER', 'PROCESSOR', 'UNDERWRITER', 'ORG_ADMIN'];

type Org = typeof A | typeof B;
type Resources = {
  applicationUuid: string;
  signerUuid: string;
  conversationUuid: string;
  /** A document of the application (the console's staff download, a condition's evidence). */
  documentUuid: string;
  /** A staff-raised condition of the application (clear, waive, reopen). */
  conditionUuid: string;
  /** A member of the organisation that the matrix may disable, enable and re-role. */
  memberUuid: string;
  /** A decision proposed by that member (approve, reject). */
  decisionUuid: string;
  /** A webhook subscription of the organisation and one failed delivery of it. */
  webhookUuid: string;
  webhookDeliveryUuid: string;
  /** A message of the outbox sent for the organisation (the borrower's welcome). */
  mailId: string;
};
type Ctx = Record<Org, Resources>;

/**
 * How to call each staff route on one organisation's resources. `kind`: `resource` (B's answers 404),
 * `listing` (B's rows never appear; `?orgCode=B` answers 404) or `platform` (no organisation).
 */
type Case = {
  kind: 'resource' | 'listing' | 'platform';
  request: (ctx: Ctx, org: Org) => InjectOptions;
  /** Listings: whether an answer holds any of organisation B's rows. */
  holdsB?: (body: unknown, ctx: Ctx) => boolean;
};

let n = 0;
const unique = () => `matrix${(n += 1)}-${Date.now()}@example.com`;

const CASES: Record<string, Case> = {
  'POST /service-ops/secure/api/v1/chat/token': {
    kind: 'platform',
    request: () => ({ method: 'POST', url: '/service-ops/secure/api/v1/chat/token' }),
  },
  'GET /service-ops/secure/api/v1/chat/conversations': {
    kind: 'listing',
    request: (_ctx, org) => ({
      method: 'GET',
      url: `/service-ops/secure/api/v1/chat/conversations?orgCode=${org}`,
    }),
    holdsB: (body) => (body as { orgCode: string }[]).some((c) => c.orgCode === B),
  },
  'POST /service-ops/secure/api/v1/chat/conversations/{sid}/accept': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/secure/api/v1/chat/conversations/${ctx[org].conversationUuid}/accept`,
    }),
  },
  'POST /service-ops/api/v1/applications/{uuid}/conditions': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/conditions`,
      payload: { category: 'GENERIC_DOCUMENT_REQUEST', commentsToBorrower: 'A document, please.' },
    }),
  },
  'GET /service-ops/api/v1/applications': {
    kind: 'listing',
    request: (_ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/applications?limit=100&orgCode=${org}`,
    }),
    holdsB: (body) => (body as { items: { orgCode: string }[] }).items.some((item) => item.orgCode === B),
  },
  // Reports (issue 16): the answer names the organisation its figures cover (modules/reports tests
  // check the figures leave other organisations out).
  ...Object.fromEntries(
    ['funnel', 'step-times', 'pull-through', 'operations'].map((report): [string, Case] => [
      `GET /service-ops/api/v1/reports/${report}`,
      {
        kind: 'listing',
        request: (_ctx, org) => ({
          method: 'GET',
          url: `/service-ops/api/v1/reports/${report}?orgCode=${org}`,
        }),
        holdsB: (body) => (body as { orgCode: string | null }).orgCode === B,
      },
    ]),
  ),
  // Saved views belong to the member, not to an organisation.
  'GET /service-ops/api/v1/applications/views': {
    kind: 'platform',
    request: () => ({ method: 'GET', url: '/service-ops/api/v1/applications/views' }),
  },
  'POST /service-ops/api/v1/applications/views': {
    kind: 'platform',
    request: () => ({
      method: 'POST',
      url: '/service-ops/api/v1/applications/views',
      payload: { name: 'Stalled', query: 'stalledDays=7' },
    }),
  },
  'DELETE /service-ops/api/v1/applications/views/{viewUuid}': {
    kind: 'platform',
    request: () => ({ method: 'DELETE', url: `/service-ops/api/v1/applications/views/${randomUUID()}` }),
  },
  'GET /service-ops/api/v1/applications/{uuid}': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}`,
    }),
  },
  'GET /service-ops/api/v1/applications/{uuid}/timeline': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/timeline`,
    }),
  },
  'GET /service-ops/api/v1/applications/{uuid}/documents/{documentUuid}/file': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/documents/${ctx[org].documentUuid}/file`,
    }),
  },
  'POST /service-ops/api/v1/applications/{uuid}/conditions/{conditionUuid}/clear': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/conditions/${ctx[org].conditionUuid}/clear`,
      payload: { documentUuid: ctx[org].documentUuid },
    }),
  },
  'POST /service-ops/api/v1/applications/{uuid}/conditions/{conditionUuid}/waive': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/conditions/${ctx[org].conditionUuid}/waive`,
      payload: { reason: 'Not needed for this file' },
    }),
  },
  'POST /service-ops/api/v1/applications/{uuid}/conditions/{conditionUuid}/reopen': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/conditions/${ctx[org].conditionUuid}/reopen`,
      payload: { reason: 'Cleared by mistake' },
    }),
  },
  'POST /service-ops/api/v1/applications/{uuid}/decisions': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/decisions`,
      payload: { type: 'CANCEL', note: 'The borrower asked us to withdraw it' },
    }),
  },
  'GET /service-ops/api/v1/applications/{uuid}/decisions': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/decisions`,
    }),
  },
  'POST /service-ops/api/v1/applications/{uuid}/decisions/{decisionUuid}/approve': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/decisions/${ctx[org].decisionUuid}/approve`,
      payload: {},
    }),
  },
  'POST /service-ops/api/v1/applications/{uuid}/decisions/{decisionUuid}/reject': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/decisions/${ctx[org].decisionUuid}/reject`,
      payload: { reason: 'Not enough evidence' },
    }),
  },
  // Exports (issue 16): the HMDA LAR of an organisation, the pipeline CSV, an application's PDF bundle.
  'GET /service-ops/api/v1/reports/hmda-lar': {
    kind: 'resource',
    request: (_ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/reports/hmda-lar?year=${new Date().getUTCFullYear()}&orgCode=${org}&format=report`,
    }),
  },
  'GET /service-ops/api/v1/applications.csv': {
    kind: 'resource',
    request: (_ctx, org) => ({ method: 'GET', url: `/service-ops/api/v1/applications.csv?orgCode=${org}` }),
  },
  'GET /service-ops/api/v1/applications/{uuid}/bundle.pdf': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/bundle.pdf`,
    }),
  },
  'POST /service-ops/api/v1/co-deed/signers/{signerUuid}/conditions': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/api/v1/co-deed/signers/${ctx[org].signerUuid}/conditions`,
      payload: { type: 'IDENTITY', description: 'A clearer photo, please' },
    }),
  },
  'POST /service-ops/api/v1/applications/{uuid}/reveal': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/reveal`,
      payload: { field: 'SSN', reason: 'Checking the tenant matrix' },
    }),
  },
  'GET /service-ops/api/v1/applications/{uuid}/notes': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/notes`,
    }),
  },
  'POST /service-ops/api/v1/applications/{uuid}/notes': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/notes`,
      payload: { body: 'A matrix note' },
    }),
  },
  'GET /service-ops/api/v1/applications/{uuid}/chats': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/chats`,
    }),
  },
  'GET /service-ops/api/v1/applications/{uuid}/work-items': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/work-items`,
    }),
  },
  'POST /service-ops/api/v1/applications/{uuid}/work-items/{kind}/complete': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/work-items/FUNDING_HOLD_RELEASE/complete`,
      payload: { reason: 'Checking the tenant matrix' },
    }),
  },
  'GET /service-ops/api/v1/mail/outbox': {
    kind: 'listing',
    request: (_ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/mail/outbox?limit=200&orgCode=${org}`,
    }),
    holdsB: (body) => (body as { to: string }[]).some((m) => m.to.startsWith('b-mail')),
  },
  'GET /service-ops/api/v1/mail/outbox/{id}': {
    kind: 'resource',
    request: (ctx, org) => ({ method: 'GET', url: `/service-ops/api/v1/mail/outbox/${ctx[org].mailId}` }),
  },
  'GET /service-ops/api/v1/mail/templates/{kind}': {
    kind: 'listing',
    request: (_ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/mail/templates/FUNDED?orgCode=${org}`,
    }),
    holdsB: (body) => (body as { orgCode: string }).orgCode === B,
  },
  'GET /service-ops/api/v1/applications/{uuid}/mails': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/applications/${ctx[org].applicationUuid}/mails`,
    }),
  },
  'GET /service-ops/api/v1/jobs/dead': {
    kind: 'listing',
    request: (_ctx, org) => ({
      method: 'GET',
      url: `/service-ops/api/v1/jobs/dead?limit=200&orgCode=${org}`,
    }),
    holdsB: (body, ctx) =>
      (body as { items: { applicationUuid: string | null }[] }).items.some(
        (job) => job.applicationUuid === ctx[B].applicationUuid,
      ),
  },
  'PUT /service-operating-hours/secure/api/v1/hours/{department}': {
    kind: 'resource',
    request: (_ctx, org) => ({
      method: 'PUT',
      url: '/service-operating-hours/secure/api/v1/hours/OPS_CHAT',
      payload: { orgCode: org, days: [{ weekdayValue: 7, isOpen: false, startTime: null, endTime: null }] },
    }),
  },
  'GET /service-profile/api/v1/feedback/ceo': {
    kind: 'listing',
    request: (_ctx, org) => ({ method: 'GET', url: `/service-profile/api/v1/feedback/ceo?orgCode=${org}` }),
    holdsB: (body) => (body as { items: { orgCode: string }[] }).items.some((i) => i.orgCode === B),
  },
  'GET /service-ops/api/v1/error-reports': {
    kind: 'listing',
    request: (_ctx, org) => ({ method: 'GET', url: `/service-ops/api/v1/error-reports?orgCode=${org}` }),
    holdsB: (body) => (body as { orgCode: string | null }[]).some((r) => r.orgCode === B),
  },
  'GET /service-ops/api/v1/feature-flags': {
    kind: 'listing',
    request: (_ctx, org) => ({ method: 'GET', url: `/service-ops/api/v1/feature-flags?orgCode=${org}` }),
    holdsB: (body) => (body as { orgCode: string }).orgCode === B,
  },
  'GET /ops/api/v1/dev/clock': {
    kind: 'platform',
    request: () => ({ method: 'GET', url: '/ops/api/v1/dev/clock' }),
  },
  'POST /ops/api/v1/dev/clock': {
    kind: 'platform',
    request: () => ({ method: 'POST', url: '/ops/api/v1/dev/clock', payload: { advanceMs: 0 } }),
  },
  'GET /service-ops/api/v1/staff/me': {
    kind: 'platform',
    request: () => ({ method: 'GET', url: '/service-ops/api/v1/staff/me' }),
  },
  'GET /service-ops/api/v1/staff': {
    kind: 'listing',
    request: (_ctx, org) => ({ method: 'GET', url: `/service-ops/api/v1/staff?orgCode=${org}` }),
    holdsB: (body) => (body as { orgCode: string | null }[]).some((m) => m.orgCode === B),
  },
  'POST /service-ops/api/v1/staff/invitations': {
    kind: 'resource',
    request: (_ctx, org) => ({
      method: 'POST',
      url: '/service-ops/api/v1/staff/invitations',
      payload: { email: unique(), orgCode: org, roles: ['AGENT'] },
    }),
  },
  'PUT /service-ops/api/v1/staff/{identityUuid}/roles': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'PUT',
      url: `/service-ops/api/v1/staff/${ctx[org].memberUuid}/roles`,
      payload: { roles: ['AGENT'] },
    }),
  },
  'POST /service-ops/api/v1/staff/{identityUuid}/disable': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/api/v1/staff/${ctx[org].memberUuid}/disable`,
    }),
  },
  'POST /service-ops/api/v1/staff/{identityUuid}/enable': {
    kind: 'resource',
    request: (ctx, org) => ({
      method: 'POST',
      url: `/service-ops/api/v1/staff/${ctx[org].memberUuid}/enable`,
    }),
  },
  ...webhookCases(),
  ...orgSettingsCases(),
  'GET /service-ops/api/v1/staff/audit': {
    kind: 'listing',
    request: (_ctx, org) => ({ method: 'GET', url: `/service-ops/api/v1/staff/audit?orgCode=${org}` }),
    holdsB: (body) => (body as { orgCode: string | null }[]).some((e) => e.orgCode === B),
  },
};

/**
 * The organisation settings routes (modules/org-settings): the organisation is the resource. Publishing
 * and rolling back version 1 (the published seed version) answer 409 to an allowed member, so the
 * matrix changes nothing it relies on; a draft is only added.
 */
function orgSettingsCases(): Record<string, Case> {
  const S = (org: Org) => `/service-ops/api/v1/organisations/${org}/settings`;
  const resource = (request: (org: Org) => InjectOptions): Case => ({
    kind: 'resource',
    request: (_ctx, org) => request(org),
  });
  return {
    'GET /service-ops/api/v1/organisations/{orgCode}/settings': resource((org) => ({
      method: 'GET',
      url: S(org),
    })),
    'GET /service-ops/api/v1/organisations/{orgCode}/settings/versions/{version}': resource((org) => ({
      method: 'GET',
      url: `${S(org)}/versions/1`,
    })),
    'POST /service-ops/api/v1/organisations/{orgCode}/settings/versions': resource((org) => ({
      method: 'POST',
      url: `${S(org)}/versions`,
      payload: {
        settings: orgSettingsOf(t.app.orgs.byOrgCode(org)!, {
          hours: { OPS_PHONE: settingsWeekOf([]), OPS_CHAT: settingsWeekOf([]) },
          holidays: [],
          featureFlags: Object.fromEntries(SETTINGS_FLAG_KEYS.map((key) => [key, false])) as Record<
            (typeof SETTINGS_FLAG_KEYS)[number],
            boolean
          >,
          loanOfficers: [],
        }),
        note: 'Matrix draft',
      },
    })),
    'POST /service-ops/api/v1/organisations/{orgCode}/settings/versions/{version}/publish': resource(
      (org) => ({
        method: 'POST',
        url: `${S(org)}/versions/1/publish`,
        payload: { note: 'Matrix publish' },
      }),
    ),
    'POST /service-ops/api/v1/organisations/{orgCode}/settings/versions/{version}/rollback': resource(
      (org) => ({
        method: 'POST',
        url: `${S(org)}/versions/1/rollback`,
        payload: { note: 'Matrix rollback' },
      }),
    ),
    'POST /service-ops/api/v1/organisations/{orgCode}/settings/logo': resource((org) => ({
      method: 'POST',
      url: `${S(org)}/logo`,
      payload: {
        fileName: 'logo.svg',
        contentBase64: Buffer.from('<svg viewBox="0 0 1 1"></svg>').toString('base64'),
      },
    })),
  };
}

/** The webhook routes (modules/webhooks): a listing, creation for an organisation, one subscription's calls. */
function webhookCases(): Record<string, Case> {
  const W = '/service-ops/api/v1/webhooks';
  const onSubscription = (method: 'GET' | 'POST', tail: string, payload?: object): Case => ({
    kind: 'resource',
    request: (ctx, org) => ({
      method,
      url: `${W}/subscriptions/${ctx[org].webhookUuid}${tail}`,
      ...(payload && { payload }),
    }),
  });
  return {
    [`GET ${W}/subscriptions`]: {
      kind: 'listing',
      request: (_ctx, org) => ({ method: 'GET', url: `${W}/subscriptions?orgCode=${org}` }),
      holdsB: (body) => (body as { items: { orgCode: string }[] }).items.some((item) => item.orgCode === B),
    },
    [`POST ${W}/subscriptions`]: {
      kind: 'resource',
      request: (_ctx, org) => ({
        method: 'POST',
        url: `${W}/subscriptions`,
        payload: {
          orgCode: org,
          url: 'https://hooks.example.com/matrix',
          eventTypes: ['application.funded'],
        },
      }),
    },
    [`GET ${W}/subscriptions/{uuid}`]: onSubscription('GET', ''),
    [`POST ${W}/subscriptions/{uuid}/pause`]: onSubscription('POST', '/pause'),
    [`POST ${W}/subscriptions/{uuid}/resume`]: onSubscription('POST', '/resume'),
    [`POST ${W}/subscriptions/{uuid}/rotate-secret`]: onSubscription('POST', '/rotate-secret'),
    [`GET ${W}/subscriptions/{uuid}/deliveries`]: onSubscription('GET', '/deliveries'),
    [`POST ${W}/subscriptions/{uuid}/replay`]: onSubscription('POST', '/replay', {
      since: '2020-01-01T00:00:00Z',
    }),
    [`POST ${W}/deliveries/{uuid}/replay`]: {
      kind: 'resource',
      request: (ctx, org) => ({
        method: 'POST',
        url: `${W}/deliveries/${ctx[org].webhookDeliveryUuid}/replay`,
      }),
    },
  };
}

type Operation = { tags?: string[]; description?: string; security?: unknown[] };
type StaffOperation = { key: string; permission: TStaffPermission };

const clock = new OffsetClock();
let t: TestApp;
let ctx: Ctx;
let borrower: Credentials;
let platform: Credentials;
let full: Credentials;
let single: Record<TStaffRole, Credentials>;
let staffOperations: StaffOperation[];
let allOperations: { key: string; path: string; operation: Operation }[];

const withCredentials = (options: InjectOptions, who: Credentials | null): InjectOptions => ({
  ...options,
  headers: { ...(options.headers ?? {}), ...(who ?? {}) },
});

async function member(
  orgCode: string,
  roles: TStaffRole[],
  loanOriginatorUuid: string | null = null,
): Promise<{ uuid: string; credentials: Credentials }> {
  const email = unique();
  const identity = await createStaffAccount(t.database.db, {
    email,
    password: PASSWORD,
    orgCode,
    roles,
    loanOriginatorUuid,
  });
  return { uuid: identity.uuid, credentials: await signIn(t.app, email, PASSWORD) };
}

async function resourcesOf(org: Org, prefix: string): Promise<Resources> {
  const owner = await registerAndSignIn(t.app, org, {
    property: { street1: '1 Pine Street', city: 'Seattle', state: 'WA', zip: '98101' },
  });
  // A dead job of this organisation's application, for the dead-jobs listing.
  await enqueueJob(t.app.db, clock, {
    kind: MATRIX_DOOMED_JOB,
    maxAttempts: 1,
    payload: { applicationUuid: owner.applicationUuid },
  });
  await t.app.jobs.runDue();
  const [signer] = await t.database.db
    .insert(schema.coDeedSigners)
    .values({
      applicationUuid: owner.applicationUuid,
      firstName: 'Sam',
      lastName: 'Signer',
      email: `${prefix}-signer@example.com`,
      status: 'ACCEPTED',
      invitedAt: new Date(),
    })
    .returning();
  const conversation = await t.app.conversations.start(
    {
      orgCode: org,
      identityUuid: null,
      applicationUuid: null,
      friendlyName: `${prefix} visitor`,
      emailAddress: `${prefix}-visitor@example.com`,
      skill: null,
      tag: null,
      pageUrl: null,
      chatMode: null,
      attributes: {},
      targetAgentUuid: null,
      expiresAt: null,
      kind: 'LIVE',
    },
    null,
  );
  const { uuid: memberUuid } = await member(org, ['AGENT']);
  // The application's loan officer (the single-role loan officer of A below holds this record) and a
  // stored document, for the console's file and download routes.
  const referrerUuid =
    org === A ? LOAN_ORIGINATOR_IDS.mainJordanReyes : LOAN_ORIGINATOR_IDS.cascadeHannahBrooks;
  await t.database.db
    .update(schema.helocApplications)
    .set({ referrerUuid })
    .where(eq(schema.helocApplications.uuid, owner.applicationUuid));
  const fileKey = `matrix/${prefix}/notice.pdf`;
  const stored = await t.app.storage.put(
    fileKey,
    new TextEncoder().encode('%PDF-1.4 matrix'),
    'application/pdf',
  );
  const [document] = await t.database.db
    .insert(schema.applicationDocuments)
    .values({
      applicationUuid: owner.applicationUuid,
      type: 'ADVERSE_ACTION_NOTICE',
      fileKey,
      fileName: 'notice.pdf',
      contentType: 'application/pdf',
      sizeBytes: stored.size,
      sha256: stored.sha256,
    })
    .returning();
  const [condition] = await t.database.db
    .insert(schema.applicationConditions)
    .values({
      applicationUuid: owner.applicationUuid,
      category: 'GENERIC_DOCUMENT_REQUEST',
      commentsToBorrower: 'A document',
    })
    .returning();
  // Rows every listing could show: mail, feedback, an error report of the organisation.
  await t.app.mailer.send({
    to: `${prefix}-mail@example.com`,
    subject: 'Hello',
    text: 'Hello',
    orgCode: org,
  });
  await t.database.db.insert(schema.ceoFeedback).values({
    identityUuid: owner.identityUuid,
    orgCode: org,
    topic: 'Give us a compliment',
    message: 'Thank you very much',
    marketingConsent: false,
    pathname: '/account/heloc/',
    productType: 'HELOC',
  });
  await t.database.db.insert(schema.clientErrorReports).values({
    name: 'Error',
    message: `${prefix} broke`,
    route: '/',
    release: 'test',
    source: 'boundary',
    orgCode: org,
  });
  // A sealed SSN, for the reveal route.
  await sealSsn(t.database.db, t.app.sealer, owner.identityUuid, '123456789');
  const [decision] = await t.database.db
    .insert(schema.applicationDecisions)
    .values({
      applicationUuid: owner.applicationUuid,
      type: 'CANCEL',
      status: 'PROPOSED',
      note: 'The borrower asked us to withdraw it',
      proposedByUuid: memberUuid,
      proposedAt: new Date(),
    })
    .returning();
  const webhookUuid = randomUUID();
  await t.database.db.insert(schema.webhookSubscriptions).values({
    uuid: webhookUuid,
    orgCode: org,
    url: `https://hooks.example.com/${prefix}`,
    eventTypes: ['application.funded'],
    secretSealed: t.app.sealer.seal('whsec_matrix', `webhook-secret:${webhookUuid}`),
    secretRotatedAt: new Date(),
    createdAt: new Date(),
  });
  const [webhookDelivery] = await t.database.db
    .insert(schema.webhookDeliveries)
    .values({
      subscriptionUuid: webhookUuid,
      eventType: 'application.funded',
      applicationUuid: owner.applicationUuid,
      payload: { id: randomUUID(), type: 'application.funded' },
      status: 'FAILED',
      createdAt: new Date(),
    })
    .returning();
  const [welcome] = await readOutbox(t.app.db, { to: owner.email, limit: 1 });
  return {
    mailId: welcome!.id,
    webhookUuid,
    webhookDeliveryUuid: webhookDelivery!.uuid,
    applicationUuid: owner.applicationUuid,
    signerUuid: signer!.uuid,
    conversationUuid: conversation.uuid,
    documentUuid: document!.uuid,
    conditionUuid: condition!.uuid,
    memberUuid,
    decisionUuid: decision!.uuid,
  };
}

beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 100_000 }, { demoData: true, clock });
  t.app.jobs.register(MATRIX_DOOMED_JOB, {
    run: async () => {
      throw new Error('provider unavailable');
    },
  });
  ctx = { [A]: await resourcesOf(A, 'a'), [B]: await resourcesOf(B, 'b') } as Ctx;
  borrower = await registerAndSignIn(t.app, A);
  platform = await signIn(t.app, 'admin@heloc.test', 'Ops-password-1');
  full = (await member(A, ORG_ROLES)).credentials;
  single = Object.fromEntries(
    await Promise.all(
      ORG_ROLES.map(async (role) => [
        role,
        (await member(A, [role], role === 'LOAN_OFFICER' ? LOAN_ORIGINATOR_IDS.mainJordanReyes : null))
          .credentials,
      ]),
    ),
  ) as Record<TStaffRole, Credentials>;

  const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  allOperations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      path,
      operation,
    })),
  );
  staffOperations = allOperations
    .filter(({ operation }) => operation.tags?.includes(STAFF_TAG))
    .map(({ key, operation }) => {
      const permission = /Staff permission: `([A-Z_]+)`/.exec(operation.description ?? '')?.[1];
      return { key, permission: permission as TStaffPermission };
    });
}, 120_000);
afterAll(async () => t.close());

describe('the staff routes of the OpenAPI document', () => {
  it('every route under a staff prefix is tagged staff', () => {
    const untagged = allOperations
      .filter(({ path }) => STAFF_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)))
      .filter(({ operation }) => !operation.tags?.includes(STAFF_TAG))
      .map(({ key }) => key);
    expect(untagged).toEqual([]);
  });

  it('every staff route names a known permission and has a case in this matrix', () => {
    expect(staffOperations.length).toBeGreaterThanOrEqual(Object.keys(CASES).length);
    for (const { key, permission } of staffOperations) {
      expect(STAFF_PERMISSION_NAMES, key).toContain(permission);
      expect(Object.keys(CASES), `${key} needs a case in the tenant matrix`).toContain(key);
    }
    // And no case for a route that no longer exists.
    expect(Object.keys(CASES).filter((key) => !staffOperations.some((op) => op.key === key))).toEqual([]);
  });
});

describe('the tenant matrix', () => {
  it('no token → 401; a borrower → 403', async () => {
    const holes: string[] = [];
    for (const { key } of staffOperations) {
      const request = CASES[key]!.request(ctx, A);
      const anonymous = await t.app.inject(request);
      if (anonymous.statusCode !== 401) holes.push(`${key} anonymous → ${anonymous.statusCode}`);
      const asBorrower = await t.app.inject(withCredentials(request, borrower));
      if (asBorrower.statusCode !== 403) holes.push(`${key} borrower → ${asBorrower.statusCode}`);
    }
    expect(holes).toEqual([]);
  });

  it('each role without the permission → 403; with it, its own organisation’s resource is served', async () => {
    const holes: string[] = [];
    for (const { key, permission } of staffOperations) {
      for (const role of ORG_ROLES) {
        const res = await t.app.inject(withCredentials(CASES[key]!.request(ctx, A), single[role]));
        const allowed = ROLE_PERMISSIONS[role].includes(permission);
        if (!allowed && res.statusCode !== 403) holes.push(`${key} as ${role} → ${res.statusCode}`);
        if (allowed && [401, 403, 404].includes(res.statusCode))
          holes.push(`${key} as ${role} (allowed) → ${res.statusCode} ${res.body}`);
      }
    }
    expect(holes).toEqual([]);
  });

  it('organisation A’s staff on organisation B’s resources → 404, and B’s rows never listed', async () => {
    const holes: string[] = [];
    for (const { key } of staffOperations) {
      const test = CASES[key]!;
      if (test.kind === 'platform') continue;
      const res = await t.app.inject(withCredentials(test.request(ctx, B), full));
      if (res.statusCode !== 404) holes.push(`${key} on ${B} → ${res.statusCode}`);
      if (test.kind === 'listing') {
        // Without naming an organisation: their own organisation's rows only.
        const own = test.request(ctx, A);
        const url = own.url as string;
        const res = await t.app.inject(
          withCredentials({ ...own, url: url.replace(/[?&]orgCode=[A-Z_]+/, '') }, full),
        );
        if (res.statusCode !== 200) holes.push(`${key} own listing → ${res.statusCode}`);
        else if (test.holdsB!(res.json(), ctx)) holes.push(`${key} lists ${B}'s rows`);
      }
    }
    expect(holes).toEqual([]);
  });

  it('platform staff reach organisation B, and each such access is audited', async () => {
    const holes: string[] = [];
    for (const { key } of staffOperations) {
      const test = CASES[key]!;
      if (test.kind === 'platform') continue;
      const before = await t.database.db
        .select()
        .from(schema.staffAuditEvents)
        .where(eq(schema.staffAuditEvents.action, 'PLATFORM_ACCESS'));
      const res = await t.app.inject(withCredentials(test.request(ctx, B), platform));
      if ([401, 403, 404].includes(res.statusCode))
        holes.push(`${key} platform → ${res.statusCode} ${res.body}`);
      if (test.kind === 'listing' && res.statusCode === 200 && !test.holdsB!(res.json(), ctx))
        holes.push(`${key} platform listing misses ${B}`);
      const after = await t.database.db
        .select()
        .from(schema.staffAuditEvents)
        .where(
          and(eq(schema.staffAuditEvents.action, 'PLATFORM_ACCESS'), eq(schema.staffAuditEvents.orgCode, B)),
        );
      if (after.length <= before.filter((row) => row.orgCode === B).length) holes.push(`${key} not audited`);
    }
    expect(holes).toEqual([]);
  });
});

describe('the agent side of the chat (agent chat token)', () => {
  const OMNI = '/service-omni-proxy/insecure/api/v1';
  const agentToken = async (who: Credentials) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/service-ops/secure/api/v1/chat/token',
      headers: who,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { token: string }).token;
  };

  it('another organisation’s conversation answers 404 on every agent call', async () => {
    const token = await agentToken(single.AGENT);
    const sid = ctx[B].conversationUuid;
    const calls: InjectOptions[] = [
      { method: 'GET', url: `${OMNI}/conversations/${sid}` },
      { method: 'POST', url: `${OMNI}/conversations/${sid}/messages`, payload: { body: 'Hi' } },
      { method: 'POST', url: `${OMNI}/conversations/${sid}/end` },
      { method: 'GET', url: `${OMNI}/conversations/${sid}/media/${randomUUID()}` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: { 'x-chat-token': token } });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const own = await t.app.inject({
      method: 'GET',
      url: `${OMNI}/conversations/${ctx[A].conversationUuid}`,
      headers: { 'x-chat-token': token },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('the desk websocket carries only the agent’s organisation’s events; a member without CHAT_DESK is refused', async () => {
    const token = await agentToken(single.AGENT);
    const events: TChatSocketEvent[] = [];
    const ws: WebSocket = await t.app.injectWS(
      `${OMNI}/ws?token=${encodeURIComponent(token)}`,
      {},
      {
        onInit: (client) =>
          client.on('message', (data) => events.push(ZChatSocketEvent.parse(JSON.parse(String(data))))),
      },
    );
    try {
      const visitor = { role: 'customer' as const, author: 'Visitor', identity: 'customer:visitor' };
      await t.app.conversations.post(ctx[B].conversationUuid, visitor, 'B secret', []);
      await t.app.conversations.post(ctx[A].conversationUuid, visitor, 'A hello', []);
      for (let i = 0; i < 200 && !events.some((e) => e.type === 'message'); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const about = events.flatMap((e) => ('conversationSid' in e ? [e.conversationSid] : []));
      expect(about).toContain(ctx[A].conversationUuid);
      expect(about).not.toContain(ctx[B].conversationUuid);
    } finally {
      ws.terminate();
    }

    // A chat token of a member whose roles no longer include AGENT stops working at once.
    const { uuid, credentials } = await member(A, ['AGENT']);
    const stale = await agentToken(credentials);
    await t.database.db
      .update(schema.staffMembers)
      .set({ roles: ['PROCESSOR'] })
      .where(eq(schema.staffMembers.identityUuid, uuid));
    await expect(t.app.injectWS(`${OMNI}/ws?token=${encodeURIComponent(stale)}`)).rejects.toThrow();
    const call = await t.app.inject({
      method: 'GET',
      url: `${OMNI}/conversations/${ctx[A].conversationUuid}`,
      headers: { 'x-chat-token': stale },
    });
    expect(call.statusCode).toBe(403);
  });
});
