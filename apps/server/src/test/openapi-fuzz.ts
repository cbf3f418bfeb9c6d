/**
 * Malformed requests generated from the OpenAPI document (/docs/json): for every write route, a
 * fast-check arbitrary of requests that start from a schema-shaped body and break it the ways a
 * hostile or broken client would (NUL bytes, lone surrogates, wrong types, deep nesting, unknown
 * keys, bodies that are not JSON, malformed multipart, hostile path and query values). The fuzz
 * suite (src/fuzz.test.ts) sends them with `inject()` and asserts the server never answers 5xx.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
};

type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema };

export type WriteOperation = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, e.g. /x/{uuid}/y */
  path: string;
  parameters: Parameter[];
  /** The JSON body schema, or null when the route declares none (uploads, actions without a body). */
  body: JsonSchema | null;
  authenticated: boolean;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
};

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

/** Every write operation of the document. */
export function writeOperations(document: OpenApiDocument): WriteOperation[] {
  const operations: WriteOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const method of WRITE_METHODS) {
      const operation = methods[method];
      if (!operation) continue;
      operations.push({
        method: method.toUpperCase() as WriteOperation['method'],
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema ?? null,
        authenticated: (operation.security?.length ?? 0) > 0,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Values that conform to a schema (the starting point every mutation breaks)
// ---------------------------------------------------------------------------------------------

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return ['string'];
}

/**
 * Text the document cannot describe (zod refinements have no JSON Schema): plausible values by
 * field name, so generated bodies get past validation and the hostile variants reach the handlers.
 */
const NAMED_STRINGS: [RegExp, fc.Arbitrary<string>][] = [
  [
    /e-?mail/i,
    fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/), fc.nat(9999))
      .map(([a, n]) => `${a}${n}@example.com`),
  ],
  [/^dob$|birth/i, fc.constantFrom('1980-02-29', '1975-12-31', '2001-01-01')],
  [/date$/i, fc.constantFrom('2026-12-01', '2027-01-15')],
  [/phone/i, fc.constantFrom('(415) 555-0100', '4155550100')],
  [/^state$/i, fc.constantFrom('CA', 'TX', 'NY')],
  [/password/i, fc.constantFrom('Strong-passw0rd!', 'Another-passw0rd-2')],
  [/ssn/i, fc.constantFrom('123-45-6789', '123456789')],
  [/^pin$/i, fc.constantFrom('1234', '0000')],
  [/(^|_)(zip|postal)/i, fc.constantFrom('93701', '10001')],
  [/(uuid|Id)$/, fc.uuid({ version: 4 })],
];

function stringArbitrary(schema: JsonSchema, name: string | undefined): fc.Arbitrary<string> {
  if (name && !schema.pattern) {
    const named = NAMED_STRINGS.find(([test]) => test.test(name));
    if (named) return named[1];
  }
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length <= (schema.maxLength ?? 1e6));
    } catch {
      // A pattern fast-check cannot generate from: any string will do as a start.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
}

export function conforming(schema: JsonSchema, depth = 0, name?: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((each) => conforming(each, depth, name)));
  if (schema.allOf?.length) return conforming(schema.allOf[0]!, depth, name);
  if (depth > 6) return fc.constant(null);
  const arbitraries = typesOf(schema).map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'object': {
        const properties = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        // Optional fields are mostly left out: a random optional reference (a referrer, a property
        // id) fails the route's own lookup and hides whatever the rest of the body would reach.
        for (const [key, value] of Object.entries(properties)) {
          const arbitrary = conforming(value, depth + 1, key);
          record[key] = required.has(key)
            ? arbitrary
            : fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 1 });
        }
        return fc
          .record(record)
          .map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
      }
      case 'array':
        return fc.array(schema.items ? conforming(schema.items, depth + 1, name) : fc.anything(), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
      case 'integer':
        return fc.integer({
          min: Math.ceil(schema.minimum ?? -1_000_000),
          max: Math.floor(schema.maximum ?? 1_000_000),
        });
      case 'number':
        return fc.double({
          min: schema.minimum ?? -1_000_000,
          max: schema.maximum ?? 1_000_000,
          noNaN: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return stringArbitrary(schema, name);
    }
  });
  return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
}

// ---------------------------------------------------------------------------------------------
// Ways to break a value
// ---------------------------------------------------------------------------------------------

/** Strings that broke servers before: NUL, unpaired surrogates, control characters, huge, odd Unicode. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\udc00\ud800',
    '\u0000\ud83d',
    '%00',
    '\\u0000',
    "'; drop table identities; --",
    '\u202e\u2028\u2029',
    '\ufeff',
    ' ',
    '',
    '𝒳'.repeat(300),
    'a'.repeat(70_000),
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc
    .tuple(
      fc.string({ maxLength: 10 }),
      fc.constantFrom('\u0000', '\ud800', '\udfff'),
      fc.string({ maxLength: 10 }),
    )
    .map(([a, b, c]) => a + b + c),
);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, [], {}, [null], { '': null }),
  fc.integer(),
  fc.double(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.anything({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** Raw JSON text of `value` with nesting `depth` deep (arrays or objects), never built as a JS object. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

type Path = (string | number)[];

function leafPaths(value: unknown, prefix: Path = []): Path[] {
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    const children = entries.flatMap(([key, child]) => leafPaths(child, [...prefix, key]));
    return [prefix, ...children];
  }
  return [prefix];
}

/** The same value with `change` applied to every object in it (innermost first). */
function mapObjects(
  value: unknown,
  change: (o: Record<string, unknown>) => Record<string, unknown>,
): unknown {
  if (Array.isArray(value)) return value.map((each) => mapObjects(each, change));
  if (value && typeof value === 'object') {
    return change(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapObjects(v, change)])));
  }
  return value;
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | null)?.[key], value);
}

/** The same value with `change` applied to every string in it. */
function mapStrings(value: unknown, change: (s: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((each) => mapStrings(each, change));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, change)]));
  }
  return value;
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = setAt(copy[head!], rest, replacement);
  return copy;
}

/** A body as sent: JSON text (maybe not valid JSON) under a content type. */
export type RawBody = { contentType: string | null; payload: string | Buffer };

const MARKER = '"__DEEP__"';

/** A schema-shaped value broken at one place, or a body that is not what the route expects at all. */
export function malformedJsonBody(schema: JsonSchema | null): fc.Arbitrary<RawBody> {
  const start = schema ? conforming(schema) : fc.constant({});
  const json = (payload: string): RawBody => ({ contentType: 'application/json', payload });
  const mutated = fc.tuple(start, fc.nat(), fc.nat()).chain(([value, pick, pick2]) => {
    const paths = leafPaths(value);
    const path = paths[pick % paths.length]!;
    // Hostile text goes where text goes; deep nesting where the schema takes objects or arrays.
    const strings = paths.filter((p) => typeof valueAt(value, p) === 'string');
    const textPath = strings.length > 0 ? strings[pick2 % strings.length]! : path;
    const containers = paths.filter((p) => {
      const at = valueAt(value, p);
      return at !== null && typeof at === 'object';
    });
    const deepPath = containers.length > 1 ? containers[1 + (pick2 % (containers.length - 1))]! : path;
    return fc.oneof(
      // as generated (often valid: the route's own checks run)
      fc.constant(json(JSON.stringify(value))),
      // one text field hostile
      hostileString.map((s) => json(JSON.stringify(setAt(value, textPath, s)))),
      // every text field keeps its value with a NUL or an unpaired surrogate added
      fc
        .constantFrom('\u0000', '\ud800', '\udc00', 'a\u0000')
        .map((suffix) => json(JSON.stringify(mapStrings(value, (s) => s + suffix)))),
      // one field of the wrong type
      wrongType.map((w) => json(JSON.stringify(setAt(value, path, w)))),
      // unknown keys, some hostile
      fc
        .tuple(
          fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'prototype')),
          hostileString,
        )
        .map(([key, v]) =>
          json(
            JSON.stringify(
              value && typeof value === 'object' && !Array.isArray(value)
                ? { ...value, [key]: v }
                : { [key]: v },
            ),
          ),
        ),
      // nesting far deeper than any schema (the 5,000-deep telemetry case), in one object or all
      fc
        .constantFrom(1000, 5000)
        .map((depth) =>
          json(
            JSON.stringify(mapObjects(value, (o) => ({ ...o, nested: '__DEEP__' }))).replaceAll(
              MARKER,
              deeplyNested(depth, 'object'),
            ),
          ),
        ),
      fc
        .tuple(fc.constantFrom(64, 1000, 5000), fc.constantFrom('array' as const, 'object' as const))
        .map(([depth, kind]) =>
          json(
            JSON.stringify(setAt(value, [...deepPath, 'nested'], '__DEEP__')).replace(
              MARKER,
              deeplyNested(depth, kind),
            ),
          ),
        ),
    );
  });
  const raw = fc.oneof(
    fc.constantFrom(
      json(''),
      json('{'),
      json('{"a":'),
      json('nul'),
      json('null'),
      json('[]'),
      json('"text"'),
      json('1e999999'),
      json('{"a":"\\ud800"}'),
      json('{"a":"\\u0000"}'),
      json('{"\\u0000":1}'),
      json(deeplyNested(5000, 'object')),
      json(deeplyNested(100_000, 'array')),
      { contentType: 'text/plain', payload: 'hello' },
      { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
      { contentType: 'application/json; charset=utf-16', payload: '{}' },
      { contentType: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]) },
      { contentType: 'application/json', payload: Buffer.from('{"a":"\xed\xa0\x80"}', 'latin1') },
      { contentType: null, payload: '{}' },
      json(`{"a":"${'x'.repeat(300 * 1024)}"}`),
    ),
    fc.string({ unit: 'binary', maxLength: 60 }).map(json),
  );
  return fc.oneof({ arbitrary: mutated, weight: 4 }, { arbitrary: raw, weight: 1 });
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies (the upload routes and the chat message route)
// ---------------------------------------------------------------------------------------------

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function part(boundary: string, headers: string, content: string | Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
}

/** Multipart bodies from well-formed to broken: bad boundaries, truncation, hostile names and fields. */
export const malformedMultipart: fc.Arbitrary<RawBody> = fc
  .tuple(
    fc.constantFrom('file', 'media', 'body', 'idType', 'documentType', 'conditionUuid', ''),
    fc.oneof(fc.constantFrom('id.png', 'a.pdf', '../../etc/passwd', ''), hostileString),
    fc.oneof(fc.constantFrom('DRIVERS_LICENSE', 'hello', ''), hostileString),
    fc.nat(12),
  )
  .map(([fieldName, fileName, fieldValue, variant]): RawBody => {
    const boundary = `----fuzz${randomUUID().replace(/-/g, '')}`;
    const type = `multipart/form-data; boundary=${boundary}`;
    const textPart = part(boundary, `Content-Disposition: form-data; name="${fieldName}"`, fieldValue);
    const filePart = part(
      boundary,
      `Content-Disposition: form-data; name="${fieldName === '' ? 'file' : fieldName}"; filename="${fileName}"\r\nContent-Type: image/png`,
      PNG,
    );
    const end = Buffer.from(`--${boundary}--\r\n`);
    switch (variant) {
      case 0: // well-formed, hostile names and values
        return { contentType: type, payload: Buffer.concat([textPart, filePart, end]) };
      case 1: // no closing boundary
        return { contentType: type, payload: Buffer.concat([textPart, filePart]) };
      case 2: // cut in the middle of a part
        return { contentType: type, payload: Buffer.concat([textPart, filePart]).subarray(0, 40) };
      case 3: // boundary missing from the content type
        return { contentType: 'multipart/form-data', payload: Buffer.concat([textPart, end]) };
      case 4: // a boundary the body never uses
        return {
          contentType: `multipart/form-data; boundary=other`,
          payload: Buffer.concat([textPart, end]),
        };
      case 5: // malformed part header
        return {
          contentType: type,
          payload: Buffer.concat([
            Buffer.from(`--${boundary}\r\nContent-Disposition form-data\r\n\r\nx\r\n`),
            end,
          ]),
        };
      case 6: // part without a name
        return {
          contentType: type,
          payload: Buffer.concat([part(boundary, 'Content-Disposition: form-data', 'x'), end]),
        };
      case 7: // empty body
        return { contentType: type, payload: '' };
      case 8: // garbage
        return { contentType: type, payload: Buffer.from(fieldValue + '\u0000\r\n--', 'utf8') };
      case 9: // many parts
        return {
          contentType: type,
          payload: Buffer.concat([...Array.from({ length: 30 }, () => textPart), end]),
        };
      case 10: // a field far over the field size limit
        return {
          contentType: type,
          payload: Buffer.concat([
            part(boundary, `Content-Disposition: form-data; name="body"`, 'x'.repeat(20_000)),
            end,
          ]),
        };
      case 11: // hostile header values in the part
        return {
          contentType: type,
          payload: Buffer.concat([
            part(
              boundary,
              `Content-Disposition: form-data; name="${fieldValue}"; filename*=UTF-8''%ED%A0%80`,
              PNG,
            ),
            end,
          ]),
        };
      default: // boundary with odd characters
        return {
          contentType: `multipart/form-data; boundary="${fieldValue}"`,
          payload: Buffer.concat([textPart, end]),
        };
    }
  });

// ---------------------------------------------------------------------------------------------
// Path and query values
// ---------------------------------------------------------------------------------------------

/** Percent-encoded path or query values: NUL, an encoded lone surrogate, broken escapes, long. */
export const hostileUrlValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%E0%A4%A',
    '%',
    '%zz',
    '..%2F..',
    'x'.repeat(5000),
    '%F0%9F%98',
  ),
  hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))),
);
