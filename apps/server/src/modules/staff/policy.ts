/**
 * The staff policy: the one place that decides what a lender's staff member may see and do.
 *
 * A staff route declares its permission once, with `staffRoute(app, 'PERMISSION')` spread into its
 * options, and the tag `'staff'` in its schema:
 *
 *   app.get('/service-ops/api/v1/thing/:uuid', {
 *     ...staffRoute(app, 'APPLICATIONS_READ'),
 *     schema: { tags: ['staff'], … },
 *   }, async (request) => {
 *     const thing = await load(request.params.uuid);
 *     await authorizeStaff(request, 'APPLICATIONS_READ', thing?.orgCode, 'Thing not found');
 *     …
 *   });
 *
 * The route's preHandler answers 401 without a live sign-in, 403 to a borrower (or any non-staff
 * identity), to a disabled member and to a member whose roles lack the permission. The handler
 * then names the organisation of what it touches: another organisation's resource answers 404 (as
 * if it did not exist), platform staff reach every organisation and each such access is audited.
 * Listings call `staffOrgFilter` for the organisations the caller may list.
 *
 * The roles → permissions table is in packages/domain/src/staff.ts. app.ts refuses to start when a
 * route tagged `staff` skips `staffRoute` (and the tenant matrix test fails when a route under a
 * staff prefix is not tagged).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  STAFF_PERMISSIONS,
  ZStaffRole,
  hasPermission,
  permissionsOf,
  staffReachesOrg,
  type TStaffPermission,
  type TStaffRole,
} from '@heloc/domain';
import { schema, type Executor } from '../../db';
import { AppError } from '../../lib/errors';
import { recordStaffAudit } from './audit';

export const STAFF_TAG = 'staff';
/** Paths under these prefixes are staff routes: each must be tagged `staff` and declare a permission. */
export const STAFF_PATH_PREFIXES = ['/service-ops/', '/ops/api/'] as const;

export type StaffContext = {
  identityUuid: string;
  twoFactorEnabled: boolean;
  sessionUuid: string | null;
  email: string;
  /** null: platform staff (every organisation). */
  orgCode: string | null;
  roles: TStaffRole[];
  loanOriginatorUuid: string | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by staffRoute(): the permission this staff route needs. */
    staffPermission?: TStaffPermission;
  }
  interface FastifyRequest {
    staff: StaffContext | null;
  }
}

/** The staff member behind an identity, or null (not staff, or disabled). */
export async function loadStaffMember(
  db: Executor,
  identityUuid: string,
): Promise<Omit<StaffContext, 'sessionUuid'> | null> {
  const [row] = await db
    .select({
      identityUuid: schema.staffMembers.identityUuid,
      email: schema.identities.email,
      profileType: schema.identities.profileType,
      twoFactorEnabled: schema.identities.twoFactorEnabled,
      orgCode: schema.staffMembers.orgCode,
      roles: schema.staffMembers.roles,
      loanOriginatorUuid: schema.staffMembers.loanOriginatorUuid,
      disabledAt: schema.staffMembers.disabledAt,
    })
    .from(schema.staffMembers)
    .innerJoin(schema.identities, eq(schema.identities.uuid, schema.staffMembers.identityUuid))
    .where(eq(schema.staffMembers.identityUuid, identityUuid));
  if (!row || row.disabledAt || row.profileType !== 'STAFF') return null;
  return {
    identityUuid: row.identityUuid,
    email: row.email,
    twoFactorEnabled: row.twoFactorEnabled,
    orgCode: row.orgCode,
    // Unknown role names (a role removed from the code) grant nothing.
    roles: row.roles.flatMap((role) => {
      const parsed = ZStaffRole.safeParse(role);
      return parsed.success ? [parsed.data] : [];
    }),
    loanOriginatorUuid: row.loanOriginatorUuid,
  };
}

/** Whether the member holds the permission (roles only; the organisation is checked per resource). */
export function staffCan(staff: Pick<StaffContext, 'roles'>, permission: TStaffPermission): boolean {
  return hasPermission(staff.roles, permission);
}

/**
 * The route options of a staff route: sign-in, staff membership and the permission, checked before
 * the handler runs; `request.staff` is set for the handler.
 */
export function staffRoute(app: FastifyInstance, permission: TStaffPermission) {
  return {
    preHandler: [app.authenticate, app.requireStaffPermission],
    config: { staffPermission: permission },
  };
}

/** The preHandler behind staffRoute (decorated once as app.requireStaffPermission). */
export const TWO_FACTOR_SETUP_REQUIRED =
  'Staff accounts need two-factor authentication: set it up to continue';

export function staffPermissionHandler(app: FastifyInstance, options: { twoFactorRequired: boolean }) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const permission = request.routeOptions.config.staffPermission;
    if (!permission) throw new AppError('INTERNAL', 'Staff route without a permission');
    if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Unauthenticated');
    if (request.auth.profileType !== 'STAFF') throw new AppError('FORBIDDEN', 'Staff only');
    const member = await loadStaffMember(app.db, request.auth.identityUuid);
    if (!member) throw new AppError('FORBIDDEN', 'Staff only');
    // Outside development a staff member without two-factor can only set it up (identity routes).
    if (options.twoFactorRequired && !member.twoFactorEnabled)
      throw new AppError('FORBIDDEN', TWO_FACTOR_SETUP_REQUIRED, { twoFactorSetupRequired: true });
    if (!staffCan(member, permission))
      throw new AppError('FORBIDDEN', `Your roles do not allow this (${permission})`);
    request.staff = { ...member, sessionUuid: request.auth.sessionUuid };
  };
}

export function staffOf(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new AppError('FORBIDDEN', 'Staff only');
  return request.staff;
}

/**
 * The check for one resource: `orgCode` is the organisation the resource belongs to (undefined or
 * null when it does not exist). Answers 404 with `notFound` when the caller's organisation is another
 * one (or the resource is missing); platform staff pass and the access is audited.
 */
export async function authorizeStaff(
  request: FastifyRequest,
  permission: TStaffPermission,
  orgCode: string | null | undefined,
  notFound = 'Not found',
): Promise<StaffContext> {
  const staff = staffOf(request);
  if (!staffCan(staff, permission))
    throw new AppError('FORBIDDEN', `Your roles do not allow this (${permission})`);
  if (!orgCode || !staffReachesOrg(staff.orgCode, orgCode)) throw new AppError('NOT_FOUND', notFound);
  if (staff.orgCode === null) await auditPlatformAccess(request, staff, permission, orgCode);
  return staff;
}

/**
 * The organisations a listing may show: `[own]` for organisation staff (asking for another answers
 * 404, like any resource of another organisation), the asked one or null (= all) for platform staff,
 * whose listing is audited.
 */
export async function staffOrgFilter(
  request: FastifyRequest,
  permission: TStaffPermission,
  requested: string | null | undefined,
): Promise<string | null> {
  const staff = staffOf(request);
  if (STAFF_PERMISSIONS[permission].scope !== 'ORG') throw new AppError('INTERNAL', 'Not an org permission');
  if (staff.orgCode !== null) {
    if (requested && requested !== staff.orgCode) throw new AppError('NOT_FOUND', 'Organisation not found');
    return staff.orgCode;
  }
  await auditPlatformAccess(request, staff, permission, requested ?? null);
  return requested ?? null;
}

async function auditPlatformAccess(
  request: FastifyRequest,
  staff: StaffContext,
  permission: TStaffPermission,
  orgCode: string | null,
): Promise<void> {
  await recordStaffAudit(request.server.db, {
    actor: staff,
    action: 'PLATFORM_ACCESS',
    orgCode,
    data: { permission, method: request.method, route: request.routeOptions.url ?? request.url },
  });
}

/** For the ops app: what the signed-in member may do. */
export function staffSelf(staff: Omit<StaffContext, 'sessionUuid'>, name: string) {
  return {
    identityUuid: staff.identityUuid,
    email: staff.email,
    name,
    orgCode: staff.orgCode,
    roles: staff.roles,
    permissions: [...permissionsOf(staff.roles)],
    loanOriginatorUuid: staff.loanOriginatorUuid,
  };
}

/** How the OpenAPI document names a staff route's permission (the tenant matrix test reads it). */
export function staffPermissionNote(permission: TStaffPermission): string {
  return `Staff permission: \`${permission}\``;
}

/**
 * The agent side of the chat (calls and the websocket with an agent chat token, issued by the desk to
 * a member with CHAT_DESK): the member is loaded again on every call, so a disabled account or a
 * removed role stops at once; another organisation's conversation answers 404.
 */
export async function authorizeAgent(
  request: FastifyRequest,
  identityUuid: string,
  orgCode: string,
  notFound: string,
): Promise<Omit<StaffContext, 'sessionUuid'>> {
  const member = await loadStaffMember(request.server.db, identityUuid);
  if (!member) throw new AppError('UNAUTHENTICATED', 'Token state is invalid.');
  if (!staffCan(member, 'CHAT_DESK'))
    throw new AppError('FORBIDDEN', 'Your roles do not allow this (CHAT_DESK)');
  if (!staffReachesOrg(member.orgCode, orgCode)) throw new AppError('NOT_FOUND', notFound);
  if (member.orgCode === null)
    await auditPlatformAccess(request, { ...member, sessionUuid: null }, 'CHAT_DESK', orgCode);
  return member;
}

/**
 * The desk websocket's event filter for one agent: an event about a conversation passes when its
 * organisation is the member's (platform staff: every one). `orgOf` answers a conversation's
 * organisation (conversations never change organisation, so callers may cache it).
 */
export function agentEventFilter(
  member: Pick<StaffContext, 'orgCode'>,
  orgOf: (conversationSid: string) => Promise<string | null>,
) {
  return async (conversationSid: string): Promise<boolean> => {
    const orgCode = await orgOf(conversationSid);
    return orgCode !== null && staffReachesOrg(member.orgCode, orgCode);
  };
}
