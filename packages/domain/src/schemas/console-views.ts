/** The lender console's saved views (per staff member): a pipeline query kept under a name. */
import { z } from 'zod';
import { ZPipelineQuery } from './console-pipeline';

// ---------------------------------------------------------------------------------------------
// Saved views (per staff member)
// ---------------------------------------------------------------------------------------------

export const SAVED_VIEWS_MAX = 50;

/** A pipeline query string as a view keeps it: a valid pipeline query without a cursor. */
export const ZSavedViewQuery = z
  .string()
  .max(1000)
  .refine((query) => {
    const params = Object.fromEntries(new URLSearchParams(query));
    return !('cursor' in params) && ZPipelineQuery.safeParse(params).success;
  }, 'Not a pipeline query');

export const ZSavedViewRequest = z.object({
  name: z.string().trim().min(1, 'Required').max(60),
  query: ZSavedViewQuery,
});

export const ZSavedView = z.object({
  uuid: z.string(),
  name: z.string(),
  query: z.string(),
  createdAt: z.string(),
});
export type TSavedView = z.infer<typeof ZSavedView>;
export const ZSavedViews = z.object({ items: z.array(ZSavedView) });
