import { describe, expect, it } from 'vitest';
import {
  APR_MAX_BPS,
  APR_MIN_BPS,
  CHAT_ALERTS,
  LOAN_AMOUNT_MAX_CENTS,
  LOAN_AMOUNT_MIN_CENTS,
  MANUAL_NOTARY_FEE_CENTS,
  ORIGINATION_FEE_MAX_BPS,
  RECORDING_FEE_MAX_CENTS,
  RECORDING_TAX_MAX_CENTS_PER_100K,
  VALUATION_FEE_CENTS,
} from './constants';
import { formatCurrency } from './format/currency';
import { formatPercentFromBps } from './format/percent';

// The disclosures print these numbers; a wrong unit (dollars for cents) would show at once here.
describe('disclosed limits', () => {
  it.each([
    [LOAN_AMOUNT_MIN_CENTS, '$15,000'],
    [LOAN_AMOUNT_MAX_CENTS, '$400,000'],
    [VALUATION_FEE_CENTS, '$180'],
    [MANUAL_NOTARY_FEE_CENTS, '$300'],
    [RECORDING_FEE_MAX_CENTS, '$315'],
    [RECORDING_TAX_MAX_CENTS_PER_100K, '$1,400'],
  ])('%s cents shows as %s', (cents, expected) => {
    expect(formatCurrency(cents)).toBe(expected);
  });

  it.each([
    [APR_MIN_BPS, '7.60%'],
    [APR_MAX_BPS, '17.20%'],
    [ORIGINATION_FEE_MAX_BPS, '4.99%'],
  ])('%s bps shows as %s', (bps, expected) => {
    expect(formatPercentFromBps(bps, { decimals: 2 })).toBe(expected);
  });

  it('keeps the chat alert levels of the spec', () => {
    expect(CHAT_ALERTS.connectionLost.level).toBe('warning');
    expect(CHAT_ALERTS.invalidToken.level).toBe('warning');
    expect(CHAT_ALERTS.generic.level).toBe('error');
    expect(CHAT_ALERTS.sendFailed.level).toBe('error');
  });
});
