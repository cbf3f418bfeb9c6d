import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findUnsafeText,
  jsonNestingExceeds,
  TEXT_NUL_MESSAGE,
  TEXT_SURROGATE_MESSAGE,
  unsafeTextProblem,
} from './text-safety';

describe('unsafeTextProblem', () => {
  it.each([
    ['', null],
    ['Dana Demo', null],
    ['😀 emoji (a surrogate pair)', null],
    ['\u202e right-to-left override', null],
    ['a\u0000b', TEXT_NUL_MESSAGE],
    ['\u0000', TEXT_NUL_MESSAGE],
    ['\ud800', TEXT_SURROGATE_MESSAGE],
    ['x\udfff', TEXT_SURROGATE_MESSAGE],
    ['\udc00\ud800', TEXT_SURROGATE_MESSAGE],
    ['😀\ud83d', TEXT_SURROGATE_MESSAGE],
  ])('%j → %s', (text, expected) => {
    expect(unsafeTextProblem(text)).toBe(expected);
  });

  it('accepts exactly the strings that survive a UTF-8 round trip and carry no NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const roundTrips = Buffer.from(text, 'utf8').toString('utf8') === text;
        expect(unsafeTextProblem(text) === null).toBe(roundTrips && !text.includes('\u0000'));
      }),
    );
  });
});

describe('findUnsafeText', () => {
  it('names the path of the first bad value or key', () => {
    expect(findUnsafeText({ name: { firstName: 'A', lastName: 'B\u0000' } }, 'body')).toEqual({
      path: 'body.name.lastName',
      message: TEXT_NUL_MESSAGE,
    });
    expect(findUnsafeText({ list: ['ok', '\ud800'] }, 'body')?.path).toBe('body.list.1');
    expect(findUnsafeText({ ['k\u0000']: 1 }, 'query')?.path).toBe('query (a field name)');
    expect(findUnsafeText({ a: [1, true, null, { b: 'fine' }] }, 'body')).toBeNull();
  });

  it('walks a deeply nested value without recursion', () => {
    let value: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) value = [value];
    expect(findUnsafeText(value, 'body')?.message).toBe(TEXT_NUL_MESSAGE);
  });
});

describe('jsonNestingExceeds', () => {
  it.each([
    ['{}', 1, false],
    ['{"a":{}}', 1, true],
    ['[[[]]]', 3, false],
    ['[[[[]]]]', 3, true],
    ['{"a":"[[[[[[[[[["}', 1, false],
    ['{"a":"\\"[[[[["}', 1, false],
    ['"\\\\"', 0, false],
  ])('%s with at most %i levels → %s', (text, max, expected) => {
    expect(jsonNestingExceeds(text, max)).toBe(expected);
  });

  it('agrees with the depth of any parsed JSON value', () => {
    const depthOf = (value: unknown): number =>
      value !== null && typeof value === 'object'
        ? 1 + Math.max(0, ...Object.values(value as object).map(depthOf))
        : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.nat(7), (value, max) => {
        expect(jsonNestingExceeds(JSON.stringify(value), max)).toBe(depthOf(value) > max);
      }),
    );
  });
});
