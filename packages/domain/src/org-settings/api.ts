/** The settings routes' request and answer schemas. */
import { z } from 'zod';
import { ZOrgSettings } from './document';
import { LOGO_MAX_BYTES } from './pricing-brand';

/** Requests and answers of the settings routes (`/service-ops/api/v1/organisations/{orgCode}/settings`). */
export const ZSettingsNote = z.string().trim().min(1, 'Say what changed and why').max(500);

export const ZSettingsDraftRequest = z.object({ settings: ZOrgSettings, note: ZSettingsNote });
export type TSettingsDraftRequest = z.infer<typeof ZSettingsDraftRequest>;

export const ZSettingsActionRequest = z.object({ note: ZSettingsNote });

export const ZLogoUploadRequest = z.object({
  fileName: z.string().trim().min(1).max(200),
  /** The file's bytes, base64. */
  contentBase64: z
    .string()
    .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 4, `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`),
});

export const SETTINGS_VERSION_STATES = ['DRAFT', 'PUBLISHED', 'PREVIOUSLY_PUBLISHED'] as const;

export const ZSettingsVersionSummary = z.object({
  uuid: z.string(),
  version: z.number().int(),
  state: z.enum(SETTINGS_VERSION_STATES),
  note: z.string(),
  createdBy: z.string().nullable().describe('E-mail of the member; null: the seed file'),
  createdAt: z.string(),
  publishedBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** A rollback: the version it copies. */
  rolledBackFrom: z.number().int().nullable(),
});
export type TSettingsVersionSummary = z.infer<typeof ZSettingsVersionSummary>;

export const ZSettingsChange = z.object({ path: z.string(), from: z.unknown(), to: z.unknown() });

export const ZSettingsVersion = ZSettingsVersionSummary.extend({
  settings: ZOrgSettings,
  /** Against the published version. */
  changes: z.array(ZSettingsChange),
});
export type TSettingsVersion = z.infer<typeof ZSettingsVersion>;

export const ZOrgSettingsOverview = z.object({
  orgCode: z.string(),
  publishedVersion: z.number().int(),
  published: ZOrgSettings,
  versions: z.array(ZSettingsVersionSummary),
});
export type TOrgSettingsOverview = z.infer<typeof ZOrgSettingsOverview>;
