/**
 * The borrower app's layer rule as `npm run lint` applies it (eslint.config.js, eslint-plugin-boundaries):
 * features never import each other, platform/ and the shared layer never import a feature, the shared
 * layer never imports platform/. Sources are linted as if they sat at the given path; the imports point
 * at real modules so the resolver finds them.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// jsdom's import.meta.url is not a file URL: the repository root from this file's directory.
const root = `${resolve(__dirname, '../../..')}/`;
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message);
}

describe('web layer boundaries (lint)', () => {
  it.each([
    ['an alias import', "import { LiensStep } from '@/features/pre-offer';\nexport const x = LiensStep;\n"],
    [
      'a relative import',
      "import { LiensStep } from '../../pre-offer/components/liens-step';\nexport const x = LiensStep;\n",
    ],
    ['a dynamic import', "export const load = () => import('@/features/pre-offer');\n"],
  ])('refuses a feature importing another feature through %s', async (_, code) => {
    const errors = await boundaryErrors('features/closing/components/probe.ts', code);
    expect(errors).toEqual([expect.stringContaining('Features never import each other')]);
  });

  it('lets a feature import its own modules, platform/ and the shared layer', async () => {
    const code = [
      "import { LOAD_FAILED_TITLE } from './common';",
      "import { useOrg } from '@/platform/org';",
      "import { QueryGate } from '@/components/ui/query-gate';",
      "import { useNow } from '@/hooks/use-now';",
      'export const x = [LOAD_FAILED_TITLE, useOrg, QueryGate, useNow];',
      '',
    ].join('\n');
    expect(await boundaryErrors('features/closing/components/probe.ts', code)).toEqual([]);
  });

  it('refuses platform/ importing a feature, and the shared layer importing platform/', async () => {
    const fromPlatform = await boundaryErrors(
      'platform/org/probe.ts',
      "import { LiensStep } from '@/features/pre-offer';\nexport const x = LiensStep;\n",
    );
    expect(fromPlatform).toEqual([expect.stringContaining('never import a feature')]);
    const fromShared = await boundaryErrors(
      'lib/probe.ts',
      "import { useOrg } from '@/platform/org';\nexport const x = useOrg;\n",
    );
    expect(fromShared).toEqual([expect.stringContaining('never imports platform/')]);
  });

  it('lets the routes (app/) compose features', async () => {
    const code = "export const load = () => import('@/features/pre-offer');\n";
    expect(await boundaryErrors('app/routes/app/steps/probe.ts', code)).toEqual([]);
  });
});
