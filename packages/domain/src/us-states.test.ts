import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { US_STATE_CODES, US_STATES, usStatesByName } from './us-states';

describe('usStatesByName', () => {
  it('orders every state as localeCompare on the names does', () => {
    const byLocale = [...US_STATE_CODES].sort((a, b) => US_STATES[a].localeCompare(US_STATES[b]));
    expect(usStatesByName(US_STATE_CODES).map((state) => state.code)).toEqual(byLocale);
  });

  it('lists each known code once with its name, whatever the order and repeats given', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...US_STATE_CODES), fc.string({ maxLength: 3 }))),
        (codes) => {
          const listed = usStatesByName(codes);
          const known = new Set(codes.filter((code) => Object.hasOwn(US_STATES, code)));
          expect(listed.map((state) => state.code).sort()).toEqual([...known].sort());
          for (const state of listed) expect(state.name).toBe(US_STATES[state.code]);
          for (let i = 1; i < listed.length; i += 1)
            expect(listed[i - 1]!.name.localeCompare(listed[i]!.name)).toBeLessThan(0);
        },
      ),
    );
  });

  it('is empty for no codes or only unknown ones', () => {
    expect(usStatesByName([])).toEqual([]);
    expect(usStatesByName(['XX', 'ca'])).toEqual([]);
  });
});
