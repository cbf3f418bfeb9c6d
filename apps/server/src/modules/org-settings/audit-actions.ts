/** Staff audit actions of the organisation settings (a union member of StaffAuditAction). */
export type OrgSettingsAuditAction =
  'ORG_SETTINGS_DRAFTED' | 'ORG_SETTINGS_PUBLISHED' | 'ORG_SETTINGS_ROLLED_BACK';
