import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jitlessCore } from './zod-jitless';

const zodRoot = path.dirname(createRequire(import.meta.url).resolve('zod/package.json'));
const core = readFileSync(path.join(zodRoot, 'v4/core/core.js'), 'utf8');

describe('zodJitless', () => {
  it("creates zod's settings jitless in the installed zod's core module", () => {
    const patched = jitlessCore(core);
    expect(patched).toContain('__zod_globalConfig = { jitless: true })');
    expect(patched.length - core.length).toBe(' jitless: true '.length);
  });

  it('fails when the core module creates its settings some other way', () => {
    expect(() =>
      jitlessCore(core.replace('__zod_globalConfig = {}', '__zod_globalConfig = Object.create(null)')),
    ).toThrow(/no longer creates its settings/);
  });
});
