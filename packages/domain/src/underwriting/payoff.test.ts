import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { liensPaidOffAtClosing, netDisbursementCents } from './payoff';

describe('liensPaidOffAtClosing', () => {
  it.each([
    [[], []],
    [[1], []],
    [[1, 2], [2]],
    [[2], [2]],
    [
      [1, 2, 3],
      [2, 3],
    ],
  ])('positions %j → paid off %j', (positions, paid) => {
    expect(liensPaidOffAtClosing(positions.map((position) => ({ position }))).map((l) => l.position)).toEqual(
      paid,
    );
  });
});

describe('netDisbursementCents', () => {
  it.each([
    [10_000_000, 499_000, 0, 9_501_000],
    [10_000_000, 499_000, 4_000_000, 5_501_000],
    [10_000_000, 0, 10_000_000, 0],
    [10_000_000, 499_000, 9_600_000, null],
  ])('line %i, fee %i, payoff %i → %s', (line, fee, payoff, net) => {
    expect(netDisbursementCents(line, fee, payoff)).toBe(net);
  });

  it('line = net + fee + payoff whenever it pays out', () => {
    fc.assert(
      fc.property(fc.nat(10 ** 9), fc.nat(10 ** 7), fc.nat(10 ** 9), (line, fee, payoff) => {
        const net = netDisbursementCents(line, fee, payoff);
        if (net === null) expect(fee + payoff).toBeGreaterThan(line);
        else expect(net + fee + payoff).toBe(line);
      }),
    );
  });
});
