import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUuid, uuidFromPath } from './uuid';

const ID = '3f2a9c4e-1b7d-4e8a-9c0f-5d6e7f8a9b0c';

describe('isUuid', () => {
  it.each([
    ID,
    ID.toUpperCase(),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ])('accepts %s', (value) => expect(isUuid(value)).toBe(true));

  it.each([
    '',
    ID.slice(1),
    `${ID}0`,
    ID.replace(/-/g, ''),
    `{${ID}}`,
    ` ${ID}`,
    ID.replace('3', 'g'),
    '3f2a9c4e1b7d-4e8a-9c0f-5d6e7f8a9b0c-',
    null,
    42,
  ])('rejects %j', (value) => expect(isUuid(value)).toBe(false));

  it('accepts every 8-4-4-4-12 hex string in any case', () => {
    fc.assert(
      fc.property(fc.uuid({ version: [1, 2, 3, 4, 5, 6, 7, 8] }), fc.boolean(), (uuid, upper) => {
        expect(isUuid(upper ? uuid.toUpperCase() : uuid)).toBe(true);
      }),
    );
  });
});

describe('uuidFromPath', () => {
  it.each([
    [`/account/heloc/${ID}/start/profile`, ID],
    [`/${ID}`, ID],
    [`${ID}/bank/autopay`, ID],
    [`/account/heloc/${ID}/x/00000000-0000-0000-0000-000000000000`, ID],
    [`/account/heloc/${ID}?step=1`, ID],
    [`/account/heloc/${ID}#top`, ID],
    ['/account/heloc/register', null],
    ['/account/heloc/plaid-oauth-success', null],
    [`/account/heloc/x${ID}/start`, null],
    [`/account/heloc/start?id=${ID}`, null],
    ['', null],
  ])('%s → %s', (path, expected) => expect(uuidFromPath(path)).toBe(expected));

  it('finds an id wherever it sits among other segments', () => {
    const segment = fc.stringMatching(/^[a-z-]{0,12}$/);
    fc.assert(
      fc.property(fc.array(segment), fc.uuid(), fc.array(segment), (before, uuid, after) => {
        expect(uuidFromPath(`/${[...before, uuid, ...after].join('/')}`)).toBe(uuid);
      }),
    );
  });
});
