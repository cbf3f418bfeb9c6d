/**
 * One rule for every text field that reaches the server (issue 20): no NUL character (PostgreSQL
 * text and jsonb refuse it, so it used to surface as a 500) and no unpaired UTF-16 surrogate (not
 * Unicode at all: jsonb refuses its escape, and a text column would silently store U+FFFD instead).
 * The server applies it at the edge to every body, query and path value, and to multipart fields;
 * the browser can use the same check on its forms.
 */

// An unpaired surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_NUL_MESSAGE = 'Text must not contain NUL characters';
export const TEXT_SURROGATE_MESSAGE = 'Text must be valid Unicode (it contains an unpaired surrogate)';

/** Why `text` cannot be accepted, or null when it can. */
export function unsafeTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return TEXT_NUL_MESSAGE;
  if (UNPAIRED_SURROGATE.test(text)) return TEXT_SURROGATE_MESSAGE;
  return null;
}

export type UnsafeText = { path: string; message: string };

/**
 * The first string (value or object key) in `value` that breaks the rule, with its path
 * (`body.name.firstName`, `body.items.2`). Iterative, so a deeply nested value cannot overflow the stack.
 */
export function findUnsafeText(value: unknown, root: string): UnsafeText | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const message = unsafeTextProblem(current);
      if (message) return { path, message };
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, `${path}.${index}`]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const keyProblem = unsafeTextProblem(key);
        if (keyProblem) return { path: `${path} (a field name)`, message: keyProblem };
        stack.push([item, `${path}.${key}`]);
      }
    }
  }
  return null;
}

/** Deepest nesting accepted in a JSON body: far beyond any schema of the API (telemetry properties included). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests objects and arrays deeper than `maxDepth`, found by one scan of the text
 * before parsing (brackets inside strings do not count), so a hostile body costs no recursion.
 */
export function jsonNestingExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}
