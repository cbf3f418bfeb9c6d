import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endSentence } from './sentence';

describe('endSentence', () => {
  it.each([
    ['financed by Acme Lending, LLC', 'financed by Acme Lending, LLC.'],
    ['financed by Acme Lending Inc.', 'financed by Acme Lending Inc.'],
    ['financed by Acme Lending Inc. ', 'financed by Acme Lending Inc.'],
    ['Are you sure?', 'Are you sure?'],
    ['Done!', 'Done!'],
  ])('%j → %j', (text, expected) => {
    expect(endSentence(text)).toBe(expected);
  });

  it('ends every text with one sentence mark, adds a full stop only where none was, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const ended = endSentence(text);
        expect(ended).toMatch(/[.!?]$/);
        expect(endSentence(ended)).toBe(ended);
        const trimmed = text.trimEnd();
        expect(ended).toBe(/[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`);
      }),
    );
  });
});
