/**
 * The registration draft in session storage, so what was typed survives step changes, back/forward
 * and a reload of the tab — never the password, which stays in memory only. A draft that does not
 * read back as the form's shape is ignored.
 */
import { z } from 'zod';
import { emptyValues, TEXT_FIELDS } from './registration-form';
import type { RegisterValues } from './registration-form';

/** Session storage key (ours: the spec names none). */
export const REGISTRATION_DRAFT_STORAGE_KEY = 'heloc_registration_draft';

const ZDraft = z
  .object({
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, z.string().max(500).optional()])),
    acceptedTerms: z.boolean().optional(),
  })
  .partial();

export function loadDraft(): RegisterValues {
  const values = emptyValues();
  try {
    const raw = sessionStorage.getItem(REGISTRATION_DRAFT_STORAGE_KEY);
    // No draft (a first visit): nothing to check, and no schema to build on a phone's first screen.
    if (!raw) return values;
    const parsed = ZDraft.safeParse(JSON.parse(raw));
    if (!parsed.success) return values;
    const draft = parsed.data as Partial<Record<string, string | boolean>>;
    for (const field of TEXT_FIELDS) {
      const value = draft[field];
      if (typeof value === 'string' && field !== 'password') values[field] = value;
    }
    values.acceptedTerms = draft.acceptedTerms === true;
  } catch {
    // Unreadable storage or JSON: start empty.
  }
  return values;
}

export function saveDraft(values: RegisterValues): void {
  const { password: _password, ...kept } = values;
  try {
    sessionStorage.setItem(REGISTRATION_DRAFT_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or unavailable: the form still works, it only forgets on reload.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(REGISTRATION_DRAFT_STORAGE_KEY);
  } catch {
    // See saveDraft.
  }
}
