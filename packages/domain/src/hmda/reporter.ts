/**
 * The organisation as a HMDA reporter (Regulation C): its LEI, federal tax id, supervising agency
 * and filing contact, written on the LAR's transmittal sheet (`orgMetaData.hmda`). Organisations
 * without it cannot export a LAR.
 */
import { z } from 'zod';

export const ZOrgHmda = z.object({
  /** ISO 17442 Legal Entity Identifier: 20 letters and digits. */
  lei: z.string().regex(/^[0-9A-Z]{20}$/, 'An LEI is 20 capital letters and digits'),
  /** True for a made-up LEI (demo and test data): never file with it. */
  testLei: z.boolean(),
  /** Federal tax id, 99-9999999 (edit V607). */
  taxId: z.string().regex(/^\d{2}-\d{7}$/, 'A tax id is 99-9999999'),
  /** HMDA agency code: 1 OCC, 2 FRS, 3 FDIC, 5 NCUA, 7 HUD, 9 CFPB. */
  agencyCode: z.enum(['1', '2', '3', '5', '7', '9']),
  contactName: z.string().min(1),
  /** 999-999-9999 (edit V603). */
  contactPhone: z.string().regex(/^\d{3}-\d{3}-\d{4}$/, 'A phone number is 999-999-9999'),
  contactEmail: z.email(),
});
export type TOrgHmda = z.infer<typeof ZOrgHmda>;
