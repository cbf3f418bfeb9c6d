/** The settings' feature flags and loan officers: with the hours, the parts outside the organisation row. */
import { z } from 'zod';
import { FEATURE_FLAGS } from '../constants';
import { type TSettingsHoliday, type TSettingsHours } from './hours';

/** The flags the platform knows (FEATURE_FLAGS): the settings switch each on or off per organisation. */
export const SETTINGS_FLAG_KEYS = Object.values(FEATURE_FLAGS) as [
  (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS],
  ...(typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS][],
];
export type TSettingsFlagKey = (typeof SETTINGS_FLAG_KEYS)[number];
/** Every known flag, on or off for this organisation (a flag missing or unknown is refused). */
export const ZSettingsFeatureFlags = z.record(z.enum(SETTINGS_FLAG_KEYS), z.boolean());
export type TSettingsFeatureFlags = z.infer<typeof ZSettingsFeatureFlags>;

/** Optional text: null when absent, never empty (the answer's schema encodes, so no transforms). */
const optionalText = (max: number) =>
  z.string().trim().min(1, 'Fill it in or leave it out (null)').max(max).nullable();

/**
 * One loan officer (or broker) of the organisation (spec 2 §2 "Loan officer / broker card": the card
 * shows the loan officer's name, the broker's name, or both; neither: a lending desk, no card).
 * Never deleted: `active: false` stops offering them for new referrals and registrations;
 * applications that name them keep them.
 * The avatar and the title stay in the table (not edited here).
 */
export const ZSettingsLoanOfficer = z.object({
  uuid: z.uuid('A loan officer id is a UUID'),
  originatorName: optionalText(80),
  brokerName: optionalText(80),
  nmls: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, 'An NMLS id is 1 to 12 digits'),
  email: z.email('Enter a valid e-mail address').nullable(),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\d{3}-\d{3}-\d{4}$/, 'A phone number is 555-555-5555')
    .nullable(),
  active: z.boolean(),
});
export type TSettingsLoanOfficer = z.infer<typeof ZSettingsLoanOfficer>;
export const ZSettingsLoanOfficers = z
  .array(ZSettingsLoanOfficer)
  .max(500, 'At most 500 loan officers')
  .refine(
    (officers) => new Set(officers.map((officer) => officer.uuid.toLowerCase())).size === officers.length,
    'A loan officer is listed twice',
  )
  .refine(
    (officers) => new Set(officers.map((officer) => officer.nmls)).size === officers.length,
    'An NMLS id is listed twice',
  );

/** The parts of the settings document that live outside the organisation row (their own tables). */
export type TOrgOperations = {
  hours: TSettingsHours;
  holidays: TSettingsHoliday[];
  featureFlags: TSettingsFeatureFlags;
  loanOfficers: TSettingsLoanOfficer[];
};
