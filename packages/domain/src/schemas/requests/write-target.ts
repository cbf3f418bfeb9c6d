/**
 * A write's method and filled-in path from its registry key. Apart from the registry on purpose: the
 * browser calls this at run time, and a module that only names the registry's type keeps the schemas
 * themselves (the spread building API_WRITES) out of the first screens' bundle.
 */
import type { TApiWrite } from './index';

/**
 * The path of a write with its parameters filled in (each URI-encoded); the method is the key's first word.
 * Throws on a parameter left out (the types already require every one).
 */
export function apiWriteTarget(
  key: TApiWrite,
  params: Record<string, string> = {},
): { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string } {
  const [method, template] = key.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
  const path = template.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${key}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  return { method, path };
}
