/**
 * The password strength rule, shared so the registration form says exactly what the server
 * enforces: at least 10 characters, three of the four character kinds, and not built from the
 * e-mail's name part.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `Must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Must be at most ${PASSWORD_MAX_LENGTH} characters`,
  tooSimple: 'Use at least three of: lowercase letters, uppercase letters, digits, symbols',
  containsEmail: 'Must not contain your e-mail name',
} as const;

/** The first broken rule's message, or null when the password is acceptable. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  if (kinds < 3) return PASSWORD_MESSAGES.tooSimple;
  const local = email?.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 4 && password.toLowerCase().includes(local)) return PASSWORD_MESSAGES.containsEmail;
  return null;
}
