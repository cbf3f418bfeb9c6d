import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { SCHEMA_SOURCE, wrapSchemaConstants } from './lazy-schemas';

const wrap = (code: string) => wrapSchemaConstants(code, parseAst(code) as never, '/helper.js')?.code ?? null;

describe('wrapSchemaConstants', () => {
  it('wraps exported and local schema constants built by a call, marked pure, and imports the helper once', () => {
    const out = wrap(
      [
        "import { z } from 'zod';",
        'const ZName = z.string().min(1);',
        'export const ZPerson = z.object({ name: ZName });',
        'export const ZAdult = ZPerson.extend({ age: z.number() });',
      ].join('\n'),
    );
    expect(out).toContain('const ZName = /* @__PURE__ */ __lazySchema(() => (z.string().min(1)));');
    expect(out).toContain(
      'export const ZPerson = /* @__PURE__ */ __lazySchema(() => (z.object({ name: ZName })));',
    );
    expect(out).toContain(
      'export const ZAdult = /* @__PURE__ */ __lazySchema(() => (ZPerson.extend({ age: z.number() })));',
    );
    expect(out!.match(/import \{ lazySchema as __lazySchema \} from "\/helper.js";/g)).toHaveLength(1);
  });

  it('leaves alone what is not a schema constant built by a call', () => {
    const code = [
      'export const ZAlias = ZOther;',
      'export const Zone = make();',
      'export const ZCount = 3;',
      'export let ZLater = z.string();',
      'export function ZBuild() { const ZInner = z.string(); return ZInner; }',
      'export const LIMIT = z.string();',
      'export const ZONE_IDS = Object.freeze(["A", "B"]);',
    ].join('\n');
    expect(wrap(code)).toBeNull();
  });

  it('wraps a chain written over several lines whole', () => {
    const out = wrap('export const ZCode = z\n  .string()\n  .regex(/^[0-9]{5}$/);');
    expect(out).toContain('__lazySchema(() => (z\n  .string()\n  .regex(/^[0-9]{5}$/)))');
  });
});

describe('SCHEMA_SOURCE', () => {
  it.each([
    '/repo/packages/domain/src/organisation.ts',
    '/repo/packages/api-client/src/http-client.ts',
    '/repo/packages/chat-ui/src/chat-window.tsx',
    '/repo/apps/web/src/lib/feature-flags.ts',
    'C:\\repo\\apps\\web\\src\\lib\\feature-flags.ts',
  ])('covers %s', (id) => {
    expect(SCHEMA_SOURCE.test(id)).toBe(true);
  });

  it.each([
    '/repo/packages/domain/src/organisation.test.ts',
    '/repo/apps/web/src/lib/feature-flags.test.tsx',
    '/repo/apps/server/src/main.ts',
    '/repo/apps/ops/src/main.tsx',
    '/repo/node_modules/zod/v4/classic/schemas.js',
  ])('leaves out %s', (id) => {
    expect(SCHEMA_SOURCE.test(id)).toBe(false);
  });
});
