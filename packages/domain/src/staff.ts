/**
 * Lender staff: roles, permissions and the one table that maps roles to permissions. The server's
 * staff policy (apps/server/src/modules/staff/policy.ts) decides every staff call from this table;
 * the ops app reads it to show only what a signed-in member may use.
 */
import { z } from 'zod';
import { ZEmailAddress } from './schemas/auth';

export const STAFF_ROLES = [
  'AGENT',
  'LOAN_OFFICER',
  'PROCESSOR',
  'UNDERWRITER',
  'ORG_ADMIN',
  'PLATFORM_ADMIN',
] as const;
export const ZStaffRole = z.enum(STAFF_ROLES);
export type TStaffRole = z.infer<typeof ZStaffRole>;

/**
 * What a staff call needs. `scope: 'ORG'` permissions act on one organisation's data (another
 * organisation's resource answers 404); `scope: 'PLATFORM'` ones act on the whole platform.
 */
export const STAFF_PERMISSIONS = {
  OPS_APP: { scope: 'PLATFORM', label: 'Sign in to the ops app (who am I, what may I do)' },
  CHAT_DESK: { scope: 'ORG', label: 'Answer chats (agent desk: queue, conversations, replies, events)' },
  APPLICATIONS_READ_ASSIGNED: {
    scope: 'ORG',
    label: 'Read applications in the lender console: their own borrowers’ (all with APPLICATIONS_READ)',
  },
  APPLICATIONS_READ: { scope: 'ORG', label: 'Read every application of the organisation' },
  CONDITIONS_RAISE: {
    scope: 'ORG',
    label: 'Raise, clear, waive and reopen conditions (documents, phone, legal description, trust)',
  },
  DECISIONS_PROPOSE: {
    scope: 'ORG',
    label: 'Propose decisions on an application (decline, cancel) for an approver to apply',
  },
  DECISIONS_APPROVE: {
    scope: 'ORG',
    label: 'Take in-policy decisions at once; approve or reject another member’s proposed decision',
  },
  SENSITIVE_DATA_REVEAL: {
    scope: 'ORG',
    label: 'Reveal a full SSN or bank account number in the application file (with a reason; audited)',
  },
  NOTES_WRITE: { scope: 'ORG', label: 'Add staff notes to an application file (internal; audited)' },
  WORK_ITEMS_COMPLETE: {
    scope: 'ORG',
    label:
      'Complete the manual steps the engine waits on (valuation report, notary appointment signed, funding hold release)',
  },
  MAIL_OUTBOX_READ: { scope: 'ORG', label: 'Read the e-mail outbox' },
  JOBS_READ: { scope: 'ORG', label: 'Read dead jobs (provider work that used up its attempts)' },
  OPERATING_HOURS_WRITE: { scope: 'ORG', label: 'Change the phone and chat hours' },
  FEEDBACK_READ: { scope: 'ORG', label: 'Read the feedback to the CEO' },
  ERROR_REPORTS_READ: { scope: 'ORG', label: 'Read client error reports' },
  FEATURE_FLAGS_READ: { scope: 'ORG', label: 'Read the feature flags as they apply to the organisation' },
  STAFF_MANAGE: { scope: 'ORG', label: 'Invite staff, assign roles, disable accounts' },
  WEBHOOKS_MANAGE: {
    scope: 'ORG',
    label: 'Manage webhooks: subscriptions, secrets, deliveries, pause, resume and replay',
  },
  REPORTS_READ: {
    scope: 'ORG',
    label: 'Read the reports (funnel, time in step, pull-through, operations) of the organisation',
  },
  DEV_CLOCK: { scope: 'PLATFORM', label: 'Move the server clock (development and tests only)' },
  REPORTS_EXPORT: { scope: 'ORG', label: 'Export the HMDA loan/application register (regulatory filing)' },
  ORG_SETTINGS_MANAGE: {
    scope: 'ORG',
    label:
      'Edit the organisation settings (brand, contact, licences, pricing): drafts, preview, publish, rollback',
  },
} as const satisfies Record<string, { scope: 'ORG' | 'PLATFORM'; label: string }>;
export type TStaffPermission = keyof typeof STAFF_PERMISSIONS;
export const STAFF_PERMISSION_NAMES = Object.keys(STAFF_PERMISSIONS) as TStaffPermission[];
export const ZStaffPermission = z.enum(STAFF_PERMISSION_NAMES as [TStaffPermission, ...TStaffPermission[]]);

/** The role → permission table. PLATFORM_ADMIN holds every permission, for every organisation. */
export const ROLE_PERMISSIONS: Record<TStaffRole, readonly TStaffPermission[]> = {
  AGENT: ['OPS_APP', 'CHAT_DESK'],
  // Loan officers and processors propose decisions; an underwriter takes or approves them (maker-checker).
  // No SENSITIVE_DATA_REVEAL for loan officers: they sell and advise, and nothing they do needs a
  // full SSN or account number (the bureau pull, the account check and funding are the engine's and
  // the processors'); least privilege keeps the people who read them few (DESIGN.md §9).
  LOAN_OFFICER: ['OPS_APP', 'APPLICATIONS_READ_ASSIGNED', 'DECISIONS_PROPOSE', 'NOTES_WRITE'],
  // Every role that reads all applications also holds APPLICATIONS_READ_ASSIGNED: the console's
  // routes ask for it, and APPLICATIONS_READ widens what it shows from the member's own borrowers to all.
  PROCESSOR: [
    'OPS_APP',
    'APPLICATIONS_READ_ASSIGNED',
    'APPLICATIONS_READ',
    'CONDITIONS_RAISE',
    'DECISIONS_PROPOSE',
    'SENSITIVE_DATA_REVEAL',
    'NOTES_WRITE',
    'WORK_ITEMS_COMPLETE',
    'MAIL_OUTBOX_READ',
    'JOBS_READ',
  ],
  UNDERWRITER: [
    'OPS_APP',
    'APPLICATIONS_READ_ASSIGNED',
    'APPLICATIONS_READ',
    'CONDITIONS_RAISE',
    'DECISIONS_PROPOSE',
    'DECISIONS_APPROVE',
    'REPORTS_READ',
    'SENSITIVE_DATA_REVEAL',
    'NOTES_WRITE',
    'WORK_ITEMS_COMPLETE',
  ],
  ORG_ADMIN: [
    'OPS_APP',
    'APPLICATIONS_READ_ASSIGNED',
    'APPLICATIONS_READ',
    'SENSITIVE_DATA_REVEAL',
    'NOTES_WRITE',
    'MAIL_OUTBOX_READ',
    'JOBS_READ',
    'OPERATING_HOURS_WRITE',
    'FEEDBACK_READ',
    'ERROR_REPORTS_READ',
    'FEATURE_FLAGS_READ',
    'STAFF_MANAGE',
    'WEBHOOKS_MANAGE',
    'DEV_CLOCK',
    'REPORTS_READ',
    'REPORTS_EXPORT',
    'ORG_SETTINGS_MANAGE',
  ],
  PLATFORM_ADMIN: STAFF_PERMISSION_NAMES,
};

/** Roles only platform staff (no organisation) may hold. */
export const PLATFORM_ONLY_ROLES: readonly TStaffRole[] = ['PLATFORM_ADMIN'];

export function permissionsOf(roles: readonly TStaffRole[]): Set<TStaffPermission> {
  return new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
}

export function hasPermission(roles: readonly TStaffRole[], permission: TStaffPermission): boolean {
  return roles.some((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/**
 * Whether a staff member may act on an organisation's data: their own organisation, or any when
 * they are platform staff (`orgCode` null).
 */
export function staffReachesOrg(staffOrgCode: string | null, orgCode: string): boolean {
  return staffOrgCode === null || staffOrgCode === orgCode;
}

/** Why a role set cannot be given to a member of this organisation (null when it can). */
export function staffRolesProblem(orgCode: string | null, roles: readonly TStaffRole[]): string | null {
  if (roles.length === 0) return 'Choose at least one role';
  if (new Set(roles).size !== roles.length) return 'A role is listed twice';
  if (orgCode !== null && roles.some((role) => PLATFORM_ONLY_ROLES.includes(role)))
    return 'PLATFORM_ADMIN is for platform staff only';
  return null;
}

/** The signed-in staff member as the ops app sees them. */
export const ZStaffSelf = z.object({
  identityUuid: z.string(),
  email: z.string(),
  name: z.string(),
  /** null: platform staff (every organisation). */
  orgCode: z.string().nullable(),
  roles: z.array(ZStaffRole),
  permissions: z.array(ZStaffPermission),
  loanOriginatorUuid: z.string().nullable(),
});
export type TStaffSelf = z.infer<typeof ZStaffSelf>;

export const ZStaffMember = z.object({
  identityUuid: z.string(),
  email: z.string(),
  orgCode: z.string().nullable(),
  roles: z.array(ZStaffRole),
  disabled: z.boolean(),
  twoFactorEnabled: z.boolean(),
  loanOriginatorUuid: z.string().nullable(),
  createdAt: z.string(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const ZStaffInviteRequest = z.object({
  email: ZEmailAddress,
  /** Required for platform admins (which organisation); ignored for an organisation's admin. */
  orgCode: z.string().max(64).nullable().optional(),
  roles: z.array(ZStaffRole).min(1, 'Choose at least one role').max(STAFF_ROLES.length),
});
export type TStaffInviteRequest = z.infer<typeof ZStaffInviteRequest>;

export const ZStaffRolesRequest = z.object({
  roles: z.array(ZStaffRole).min(1, 'Choose at least one role').max(STAFF_ROLES.length),
});

/** Staff invitations: the link works once, for this long. */
export const STAFF_INVITE_TTL_HOURS = 72;
