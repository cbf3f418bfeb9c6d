/**
 * Turning a failed call into what a form shows (spec 2 §8 "Other request errors: joined server errors
 * or 'Something unexpected happened'"): the combined error text, and validation details mapped onto
 * the form's fields. The server lists each invalid field as `{ path: 'body.property.state', message }`.
 */
import { isRecord } from '@heloc/api-client';
import { combineErrorMessages, DEFAULT_ERROR_MESSAGE } from '@heloc/domain';
import { ApiError } from './api-client';

export interface FieldDetail {
  /** The field's path in the request body, without the `body.` prefix, e.g. "property.state". */
  path: string;
  message: string;
}

/** The `details` list of a failed call's body, as field paths and messages (empty when there is none). */
export function fieldDetails(error: unknown): FieldDetail[] {
  if (!(error instanceof ApiError) || !isRecord(error.data) || !Array.isArray(error.data.details)) return [];
  return error.data.details.flatMap((item: unknown): FieldDetail[] => {
    if (!isRecord(item) || typeof item.message !== 'string') return [];
    const path = typeof item.path === 'string' ? item.path.replace(/^body\.?/, '') : '';
    return [{ path, message: item.message }];
  });
}

/**
 * The text a form shows for a failed call: the unique detail messages joined (spec 2 §8 "Combined error
 * text"), else the call's own message, else "Something unexpected happened".
 */
export function errorText(error: unknown): string {
  const details = fieldDetails(error);
  if (details.length > 0) return combineErrorMessages(details.map((detail) => detail.message));
  if (error instanceof ApiError) return combineErrorMessages([error.message]);
  return DEFAULT_ERROR_MESSAGE;
}

/** The body's structured details object (e.g. `{ twoFactorRequired: true }`), when it is one. */
export function errorDetailsObject(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof ApiError) || !isRecord(error.data)) return null;
  return isRecord(error.data.details) ? error.data.details : null;
}
