/** The webhook entries of the staff audit trail (modules/staff/audit.ts). */
export type WebhookAuditAction =
  'WEBHOOK_CREATED' | 'WEBHOOK_SECRET_ROTATED' | 'WEBHOOK_PAUSED' | 'WEBHOOK_RESUMED' | 'WEBHOOK_REPLAYED';
