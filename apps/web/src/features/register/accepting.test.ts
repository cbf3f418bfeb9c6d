import { describe, expect, it } from 'vitest';
import { indexNotAcceptingReason, registerNotAcceptingReason } from './accepting';

const open = { wholesale: false, referrerRequired: false };

describe('not accepting applications (spec 1 §2)', () => {
  it('registration closes for wholesale, and for a required but missing referrer', () => {
    expect(registerNotAcceptingReason(open, null)).toBeNull();
    expect(registerNotAcceptingReason({ wholesale: true, referrerRequired: true }, 'lo-1')).toBe('wholesale');
    expect(registerNotAcceptingReason({ wholesale: false, referrerRequired: true }, null)).toBe(
      'referrerRequired',
    );
    expect(registerNotAcceptingReason({ wholesale: false, referrerRequired: true }, ' ')).toBe(
      'referrerRequired',
    );
    expect(registerNotAcceptingReason({ wholesale: false, referrerRequired: true }, 'lo-1')).toBeNull();
  });

  it('the app index closes when a referring loan originator is required', () => {
    expect(indexNotAcceptingReason(open)).toBeNull();
    expect(indexNotAcceptingReason({ wholesale: false, referrerRequired: true })).toBe('referrerRequired');
    expect(indexNotAcceptingReason({ wholesale: true, referrerRequired: true })).toBe('wholesale');
  });
});
