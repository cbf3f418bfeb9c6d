import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonForScriptElement } from './html';

describe('jsonForScriptElement', () => {
  it('round-trips any JSON value and never contains markup characters', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const encoded = jsonForScriptElement(value);
        expect(encoded).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(encoded)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('neutralises a script breakout', () => {
    expect(jsonForScriptElement({ name: '</script><script>alert(1)</script>' })).toBe(
      '{"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}',
    );
  });
});
