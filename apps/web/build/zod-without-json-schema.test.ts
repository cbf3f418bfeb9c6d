import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stubModule } from './zod-without-json-schema';

const zodRoot = path.dirname(createRequire(import.meta.url).resolve('zod/package.json'));
const read = (relative: string) => readFileSync(path.join(zodRoot, relative), 'utf8');

/** Names zod's other modules import from a generator module. */
function importedNames(importer: string, module: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(`import \\{([^}]+)\\} from "\\.\\./core/${module}\\.js"`, 'g');
  for (const match of read(importer).matchAll(pattern)) {
    names.push(
      ...match[1]!
        .split(',')
        .map((name) => name.trim().split(' as ')[0]!)
        .filter(Boolean),
    );
  }
  return names;
}

describe('zodWithoutJsonSchema stub', () => {
  it.each(['v4/core/json-schema-processors.js', 'v4/core/to-json-schema.js'])(
    'exports every name of %s',
    (file) => {
      const original = read(file);
      const stub = stubModule(original);
      for (const match of original.matchAll(/^export (?:const|function) (\w+)/gm)) {
        expect(stub).toContain(`export const ${match[1]} =`);
      }
    },
  );

  it('covers what classic zod imports, and its method factories return a method', async () => {
    for (const name of importedNames('v4/classic/schemas.js', 'to-json-schema')) {
      expect(stubModule(read('v4/core/to-json-schema.js'))).toContain(
        `export const ${name} = () => unavailable;`,
      );
    }
    const url = `data:text/javascript,${encodeURIComponent(stubModule(read('v4/core/to-json-schema.js')))}`;
    const stub = (await import(/* @vite-ignore */ url)) as Record<string, () => () => unknown>;
    const method = stub.createToJSONSchemaMethod!();
    expect(() => method()).toThrow('JSON Schema generation is not part of the web build');
  });
});
