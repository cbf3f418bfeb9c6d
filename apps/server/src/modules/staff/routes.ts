/**
 * Staff administration: who am I (the ops app), the organisation's staff, invitations by e-mail
 * (one-time link → set a password), roles, disabling (every session ends at once), and the audit
 * trail. An organisation's admin acts on their organisation; platform admins on any.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_WRITES,
  STAFF_INVITE_TTL_HOURS,
  ZApiErrorBody,
  ZInvitationToken,
  ZStaffMember,
  ZStaffRole,
  ZStaffSelf,
  ZUuid,
  passwordProblem,
  staffRolesProblem,
  type TStaffRole,
} from '@heloc/domain';
import { findOpenInvitation, markInvitationUsed, replaceInvitation } from './repository';
import { AppError } from '../../lib/errors';
import { hashLinkToken, newLinkToken } from '../../lib/link-token';
import { findIdentityByEmail } from '../identity/repository';
import { staffInvitationMail } from '../../mail/templates';
import { listStaffAudit, recordStaffAudit } from './audit';
import { STAFF_TAG, authorizeStaff, staffOf, staffOrgFilter, staffRoute, staffSelf } from './policy';
import {
  createStaffAccount,
  findStaff,
  listStaff,
  setStaffDisabled,
  setStaffRoles,
  toStaffMember,
} from './service';

const STAFF = '/service-ops/api/v1/staff';
const tags = [STAFF_TAG, 'staff administration'];
const errors = {
  400: ZApiErrorBody,
  401: ZApiErrorBody,
  403: ZApiErrorBody,
  404: ZApiErrorBody,
  409: ZApiErrorBody,
  429: ZApiErrorBody,
};
const ZIdentityParams = z.object({ identityUuid: ZUuid.transform((value) => value.toLowerCase()) });

export const staffRoutes: FastifyPluginAsyncZod<{ sessionTtlHours: number }> = async (app) => {
  app.get(
    `${STAFF}/me`,
    {
      ...staffRoute(app, 'OPS_APP'),
      schema: {
        tags,
        summary: 'The signed-in staff member: organisation (null: platform staff), roles and permissions',
        response: { 200: ZStaffSelf, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const named = await app.staffDirectory.byUuid(staff.identityUuid);
      return staffSelf(staff, named?.name ?? staff.email);
    },
  );

  app.get(
    STAFF,
    {
      ...staffRoute(app, 'STAFF_MANAGE'),
      schema: {
        tags,
        summary: 'Staff of the organisation (platform admins: of `orgCode`, or every organisation)',
        querystring: z.object({ orgCode: z.string().max(64).optional() }),
        response: { 200: z.array(ZStaffMember), ...errors },
      },
    },
    async (request) => {
      const orgCode = await staffOrgFilter(request, 'STAFF_MANAGE', request.query.orgCode);
      return listStaff(app.db, orgCode);
    },
  );

  app.post(
    `${STAFF}/invitations`,
    {
      ...staffRoute(app, 'STAFF_MANAGE'),
      schema: {
        tags,
        summary: 'Invite a staff member by e-mail with their roles (a one-time link to set a password)',
        description: `The link works once and for ${STAFF_INVITE_TTL_HOURS} hours; inviting the address again replaces an open invitation. Platform admins name the organisation (\`orgCode\`, null for platform staff).`,
        body: API_WRITES['POST /service-ops/api/v1/staff/invitations'],
        response: { 201: z.object({ invitationUuid: z.string(), expiresAt: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const actor = staffOf(request);
      const body = request.body;
      // Organisation admins invite into their own organisation (naming another answers 404);
      // platform admins say which (or none: platform staff).
      const named = body.orgCode ? (app.orgs.byOrgCode(body.orgCode)?.orgCode ?? null) : null;
      if (body.orgCode) await authorizeStaff(request, 'STAFF_MANAGE', named, 'Organisation not found');
      const orgCode = named ?? actor.orgCode;
      const problem = staffRolesProblem(orgCode, body.roles);
      if (problem) throw new AppError('BAD_REQUEST', problem, [{ path: 'body.roles', message: problem }]);
      if (await findIdentityByEmail(app.db, body.email))
        throw new AppError('CONFLICT', 'This e-mail already has an account', { field: 'email' });
      const link = newLinkToken();
      const expiresAt = new Date(app.clock.now().getTime() + STAFF_INVITE_TTL_HOURS * 3600_000);
      const invitation = await app.db.transaction(async (tx) => {
        // A new invitation replaces an open one for the same address.
        const row = await replaceInvitation(
          tx,
          {
            tokenHash: link.hash,
            email: body.email,
            orgCode,
            roles: body.roles,
            invitedBy: actor.identityUuid,
            expiresAt,
          },
          app.clock.now(),
        );
        await recordStaffAudit(tx, {
          actor,
          action: 'STAFF_INVITED',
          orgCode,
          target: { email: body.email },
          data: { roles: body.roles },
        });
        return row!;
      });
      const org = app.orgs.byOrgCode(orgCode ?? 'MAIN');
      const base = org ? org.baseUrl.replace(/\/+$/, '') : '';
      const brand = orgCode ? (org?.orgBrand.name ?? orgCode) : 'the HELOC platform';
      await app.mailer.send({
        to: body.email,
        ...(orgCode && { orgCode }),
        ...staffInvitationMail({
          inviterEmail: actor.email,
          organisationName: brand,
          roles: body.roles,
          link: `${base}/ops/?invite=${link.token}`,
          validHours: STAFF_INVITE_TTL_HOURS,
        }),
      });
      return reply.code(201).send({ invitationUuid: invitation.uuid, expiresAt: expiresAt.toISOString() });
    },
  );

  /** The member acted on, after the policy's organisation check (another organisation's → 404). */
  const memberFor = async (request: Parameters<typeof staffOf>[0], identityUuid: string) => {
    const row = await findStaff(app.db, identityUuid);
    if (!row) throw new AppError('NOT_FOUND', 'Staff member not found');
    // Platform staff (no organisation) are managed by platform admins only.
    if (row.member.orgCode === null) {
      if (staffOf(request).orgCode !== null) throw new AppError('NOT_FOUND', 'Staff member not found');
    } else {
      await authorizeStaff(request, 'STAFF_MANAGE', row.member.orgCode, 'Staff member not found');
    }
    return row;
  };

  app.put(
    `${STAFF}/:identityUuid/roles`,
    {
      ...staffRoute(app, 'STAFF_MANAGE'),
      schema: {
        tags,
        summary: 'Replace a staff member’s roles',
        params: ZIdentityParams,
        body: API_WRITES['PUT /service-ops/api/v1/staff/:identityUuid/roles'],
        response: { 200: ZStaffMember, ...errors },
      },
    },
    async (request) => {
      const actor = staffOf(request);
      const row = await memberFor(request, request.params.identityUuid);
      const roles = request.body.roles;
      const problem = staffRolesProblem(row.member.orgCode, roles);
      if (problem) throw new AppError('BAD_REQUEST', problem, [{ path: 'body.roles', message: problem }]);
      if (row.identity.uuid === actor.identityUuid && !roles.some((role) => actor.roles.includes(role)))
        throw new AppError('BAD_REQUEST', 'You cannot take away all of your own roles');
      await app.db.transaction(async (tx) => {
        await setStaffRoles(tx, row.identity.uuid, roles);
        await recordStaffAudit(tx, {
          actor,
          action: 'ROLES_CHANGED',
          orgCode: row.member.orgCode,
          target: { identityUuid: row.identity.uuid, email: row.identity.email },
          data: { from: row.member.roles, to: roles },
        });
      });
      return toStaffMember((await findStaff(app.db, row.identity.uuid))!);
    },
  );

  for (const action of ['disable', 'enable'] as const) {
    app.post(
      `${STAFF}/:identityUuid/${action}`,
      {
        ...staffRoute(app, 'STAFF_MANAGE'),
        schema: {
          tags,
          summary:
            action === 'disable'
              ? 'Disable a staff account: it cannot sign in and every session of it ends at once'
              : 'Enable a disabled staff account again',
          params: ZIdentityParams,
          response: { 200: ZStaffMember, ...errors },
        },
      },
      async (request) => {
        const actor = staffOf(request);
        const row = await memberFor(request, request.params.identityUuid);
        if (action === 'disable' && row.identity.uuid === actor.identityUuid)
          throw new AppError('BAD_REQUEST', 'You cannot disable your own account');
        await app.db.transaction(async (tx) => {
          await setStaffDisabled(tx, row.identity.uuid, action === 'disable');
          await recordStaffAudit(tx, {
            actor,
            action: action === 'disable' ? 'STAFF_DISABLED' : 'STAFF_ENABLED',
            orgCode: row.member.orgCode,
            target: { identityUuid: row.identity.uuid, email: row.identity.email },
          });
        });
        return toStaffMember((await findStaff(app.db, row.identity.uuid))!);
      },
    );
  }

  app.get(
    `${STAFF}/audit`,
    {
      ...staffRoute(app, 'STAFF_MANAGE'),
      schema: {
        tags,
        summary: 'The staff audit trail, newest first: invitations, roles, disabling, platform staff’s reads',
        querystring: z.object({
          orgCode: z.string().max(64).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: {
          200: z.array(
            z.object({
              at: z.string(),
              actorEmail: z.string().nullable(),
              action: z.string(),
              orgCode: z.string().nullable(),
              targetEmail: z.string().nullable(),
              data: z.record(z.string(), z.unknown()),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const orgCode = await staffOrgFilter(request, 'STAFF_MANAGE', request.query.orgCode);
      const rows = await listStaffAudit(app.db, orgCode, request.query.limit);
      return rows.map((row) => ({
        at: row.at.toISOString(),
        actorEmail: row.actorEmail,
        action: row.action,
        orgCode: row.orgCode,
        targetEmail: row.targetEmail,
        data: row.data,
      }));
    },
  );

  // ---- The invitation link (no sign-in: the link is the credential) ---------------------------

  const openInvitation = async (token: string) => {
    const row = await findOpenInvitation(app.db, hashLinkToken(token), app.clock.now());
    if (!row) throw new AppError('NOT_FOUND', 'This invitation link is not valid or has expired');
    return row;
  };

  app.get(
    '/identity/api/v1/staff-invitations',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['identity'],
        summary: 'What a staff invitation is for (address, organisation, roles), before it is accepted',
        querystring: z.object({ token: ZInvitationToken }),
        response: {
          200: z.object({
            email: z.string(),
            orgCode: z.string().nullable(),
            orgName: z.string().nullable(),
            roles: z.array(ZStaffRole),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const invitation = await openInvitation(request.query.token);
      return {
        email: invitation.email,
        orgCode: invitation.orgCode,
        orgName: invitation.orgCode ? (app.orgs.byOrgCode(invitation.orgCode)?.orgBrand.name ?? null) : null,
        roles: invitation.roles as TStaffRole[],
      };
    },
  );

  app.post(
    '/identity/api/v1/staff-invitations/accept',
    {
      preHandler: app.signInAttemptLimit,
      schema: {
        tags: ['identity'],
        summary: 'Accept a staff invitation: set the password of the new staff account (the link works once)',
        description: 'Then sign in at /ops/ (two-factor set-up is asked for outside development).',
        body: API_WRITES['POST /identity/api/v1/staff-invitations/accept'],
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const invitation = await openInvitation(request.body.token);
      const problem = passwordProblem(request.body.password, invitation.email);
      if (problem) throw new AppError('BAD_REQUEST', problem, [{ path: 'body.password', message: problem }]);
      await app.db.transaction(async (tx) => {
        // Used first, under the row's own condition: two tabs accepting one link — one wins.
        const used = await markInvitationUsed(tx, invitation.uuid, app.clock.now());
        if (!used) throw new AppError('NOT_FOUND', 'This invitation link is not valid or has expired');
        const identity = await createStaffAccount(tx, {
          email: invitation.email,
          password: request.body.password,
          orgCode: invitation.orgCode,
          roles: invitation.roles as TStaffRole[],
        });
        await recordStaffAudit(tx, {
          actor: { identityUuid: identity.uuid, email: identity.email },
          action: 'INVITE_ACCEPTED',
          orgCode: invitation.orgCode,
          target: { identityUuid: identity.uuid, email: identity.email },
          data: { invitedBy: invitation.invitedBy, roles: invitation.roles },
        });
      });
      return reply.code(204).send(null);
    },
  );
};
