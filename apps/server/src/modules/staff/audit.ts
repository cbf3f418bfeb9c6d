/** The staff audit trail: who did what to whom, and when (staff changes, platform staff's reads). */
import { desc, eq } from 'drizzle-orm';
import { schema, type Executor } from '../../db';
import type { WebhookAuditAction } from '../webhooks/audit-actions';
import type { OrgSettingsAuditAction } from '../org-settings/audit-actions';

export type StaffAuditAction =
  | 'STAFF_INVITED'
  | 'INVITE_ACCEPTED'
  | 'ROLES_CHANGED'
  | 'STAFF_DISABLED'
  | 'STAFF_ENABLED'
  | 'PLATFORM_ADMIN_CREATED'
  | 'PLATFORM_ACCESS'
  | WebhookAuditAction
  | OrgSettingsAuditAction;

export async function recordStaffAudit(
  db: Executor,
  entry: {
    actor: { identityUuid: string; email: string } | null;
    action: StaffAuditAction;
    orgCode: string | null;
    target?: { identityUuid?: string | null; email: string } | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(schema.staffAuditEvents).values({
    actorUuid: entry.actor?.identityUuid ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    orgCode: entry.orgCode,
    targetUuid: entry.target?.identityUuid ?? null,
    targetEmail: entry.target?.email ?? null,
    data: entry.data ?? {},
  });
}

export async function listStaffAudit(db: Executor, orgCode: string | null, limit: number) {
  const query = db.select().from(schema.staffAuditEvents);
  return (orgCode ? query.where(eq(schema.staffAuditEvents.orgCode, orgCode)) : query)
    .orderBy(desc(schema.staffAuditEvents.id))
    .limit(limit);
}
