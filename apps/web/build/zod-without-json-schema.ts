/**
 * Vite plugin: leaves zod's JSON-Schema generator out of the browser build. The server turns
 * schemas into the OpenAPI document; the browser only parses, yet every classic zod schema
 * references the generator (~6 KB gzip of the first screen). Each export of the two generator
 * modules becomes a function that throws if anything ever asks for JSON Schema in the browser.
 * The export names are read from zod's own files, so an upgrade that adds one keeps working.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const GENERATOR_MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
/** Factories called while building a schema; they must hand back a method, not throw. */
const METHOD_FACTORIES = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);

export function stubModule(source: string): string {
  const names = new Set<string>();
  for (const match of source.matchAll(
    /^export (?:async )?(?:function|const|let|class) ([A-Za-z_$][\w$]*)/gm,
  )) {
    names.add(match[1]!);
  }
  const aliases = [...source.matchAll(/^export \{ (\w+) as (\w+) \}/gm)].map((m) => m[2]!);
  const lines = [
    `const unavailable = () => { throw new Error('JSON Schema generation is not part of the web build'); };`,
  ];
  for (const name of [...names, ...aliases]) {
    lines.push(
      METHOD_FACTORIES.has(name)
        ? `export const ${name} = () => unavailable;`
        : name === 'allProcessors'
          ? `export const ${name} = {};`
          : `export const ${name} = unavailable;`,
    );
  }
  return lines.join('\n');
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!GENERATOR_MODULES.test(id)) return null;
      return stubModule(readFileSync(id, 'utf8'));
    },
  };
}
