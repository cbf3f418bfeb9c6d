import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAddress, titleCase } from './address';

describe('titleCase', () => {
  it.each([
    ['123 MAIN ST', '123 Main St'],
    ['123 main st', '123 Main St'],
    ['  456   ELM  AVE  ', '456 Elm Ave'],
    ['789 1ST AVE NW', '789 1st Ave NW'],
    ['10 22ND ST', '10 22nd St'],
    ['APT 4B', 'Apt 4B'],
    ['PO BOX 12', 'PO Box 12'],
    ['WINSTON-SALEM', 'Winston-Salem'],
    ["O'FALLON", "O'Fallon"],
    ["MARY'S LN", "Mary's Ln"],
    ['SAN JOSÉ', 'San José'],
    ['', ''],
  ])('%j → %j', (input, expected) => expect(titleCase(input)).toBe(expected));

  it('is idempotent and keeps the words', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 '-]{0,40}$/), (text) => {
        const once = titleCase(text);
        expect(titleCase(once)).toBe(once);
        expect(once.toLowerCase()).toBe(text.trim().split(/\s+/).filter(Boolean).join(' ').toLowerCase());
      }),
    );
  });
});

describe('formatAddress', () => {
  it.each([
    [
      { street1: '123 MAIN ST', city: 'SPRINGFIELD', state: 'IL', zip: '62701' },
      '123 Main St, Springfield, IL 62701',
    ],
    [
      { street1: '123 main st', street2: 'apt 4b', city: 'springfield', state: 'il', zip: '62701-1234' },
      '123 Main St, Apt 4B, Springfield, IL 62701-1234',
    ],
    [
      { street1: '1 A ST', street2: null, city: 'AUSTIN', state: 'TX', zip: '73301' },
      '1 A St, Austin, TX 73301',
    ],
    [{ street1: '1 A ST', street2: '  ', city: 'AUSTIN', state: 'TX', zip: '' }, '1 A St, Austin, TX'],
  ])('%j → %s', (address, expected) => expect(formatAddress(address)).toBe(expected));
});
