/** Knowledge answers quote the organisation's own pricing, never the platform's when they differ. */
import { describe, expect, it } from 'vitest';
import { findOrganisation, loadOrganisations } from '../../../seed/organisations';
import { KNOWLEDGE, type KnowledgeContext } from './knowledge';

const feesAnswer = (context: KnowledgeContext) =>
  KNOWLEDGE.find((entry) => entry.topic === 'fees')!.answer!(context);
const MAIN = findOrganisation(loadOrganisations(), 'MAIN')!;

describe('the fees answer', () => {
  it('states the origination fee ceiling of the platform pricing', () => {
    expect(feesAnswer({ org: MAIN, chatHours: [], phoneHours: [] })).toContain(
      'The origination fee is up to 4.99% of the initial draw.',
    );
  });

  it('says there is none for a lender that charges none (not "up to 0.00%")', () => {
    const noFee = { ...MAIN, orgPricingData: [{ originationFeeMaxBps: 0 }] };
    const answer = feesAnswer({ org: noFee, chatHours: [], phoneHours: [] });
    expect(answer).toMatch(/^There is no origination fee\. Other possible costs/);
    expect(answer).not.toContain('0.00%');
  });
});
