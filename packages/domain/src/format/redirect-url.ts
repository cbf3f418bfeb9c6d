/**
 * The /auth/login redirectUrl rule (spec 1 §2): honoured only when it starts with a slash followed by
 * a lowercase letter. That keeps the redirect on our origin: "//host" and "/\host" (which browsers
 * read as protocol-relative) and absolute URLs all fail the second-character test.
 */

const ALLOWED_REDIRECT = /^\/[a-z]/;

export function isAllowedRedirectUrl(value: string | null | undefined): value is string {
  return typeof value === 'string' && ALLOWED_REDIRECT.test(value);
}
