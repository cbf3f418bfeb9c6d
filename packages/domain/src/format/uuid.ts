/**
 * Application and path identifiers (spec 1 §2, §5): the 8-4-4-4-12 hex shape, any version, any case.
 * Deliberately looser than RFC 9562 checks (z.uuid()), because the spec only fixes the shape.
 */

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/**
 * The first path segment that is a UUID (the application id of /account/heloc/{uuid}/...), or null.
 * A query string or fragment, if passed along, is ignored.
 */
export function uuidFromPath(pathname: string): string | null {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  for (const segment of path.split('/')) {
    if (isUuid(segment)) return segment;
  }
  return null;
}
