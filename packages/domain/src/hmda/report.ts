/**
 * The HMDA edit report as the export route answers it (`format=report`, and the body of a 422) and
 * the console reads it: one schema for both sides.
 */
import { z } from 'zod';

export const ZHmdaEditFailure = z.object({
  edit: z.string(),
  where: z.string(),
  row: z.number(),
  uli: z.string().nullable(),
  fields: z.array(z.string()),
  message: z.string(),
});
export const ZHmdaReport = z.object({
  rows: z.number(),
  fileName: z.string(),
  testLei: z.boolean(),
  passed: z.boolean(),
  failures: z.array(ZHmdaEditFailure),
  edits: z.array(z.object({ id: z.string(), scope: z.string(), message: z.string() })),
});
export type THmdaReport = z.infer<typeof ZHmdaReport>;
