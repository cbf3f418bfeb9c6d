import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALE } from '../constants';
import { endSentence, orList } from './sentence';

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

describe('orList', () => {
  it.each([
    [[], ''],
    [['5'], '5'],
    [['5', '10'], '5 or 10'],
    [['5', '10', '15', '30'], '5, 10, 15, or 30'],
  ])('%j → %j', (items, expected) => {
    expect(orList(items)).toBe(expected);
  });

  it('writes what Intl.ListFormat en-US writes for a disjunction', () => {
    const intl = new Intl.ListFormat(LOCALE, { type: 'disjunction' });
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,8}$/), { maxLength: 8 }),
        (items) => {
          expect(orList(items)).toBe(intl.format(items));
        },
      ),
    );
  });
});
