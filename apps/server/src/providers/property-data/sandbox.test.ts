import { describe, expect, it } from 'vitest';
import type { PropertyAddress } from '../shared';
import type { PropertyLookupResult } from './index';
import { createSandboxPropertyData } from './sandbox';

const provider = createSandboxPropertyData();
const address: PropertyAddress = {
  street1: '742 Evergreen Terrace',
  city: 'Springfield',
  state: 'CA',
  zip: '90210',
};
const applicant = (lastName: string) => ({ firstName: 'Pat', lastName });

describe('sandbox property data', () => {
  it.each<[string, PropertyLookupResult['outcome'], number]>([
    ['Smith', 'FOUND', 1],
    ['Noproperty', 'NOT_FOUND', 0],
    ['Nodatatree', 'DATATREE_NO_MATCH', 0],
    ['manyproperty', 'MULTIPLE', 3],
    ['Notowner', 'FOUND', 1],
    ['Highdebt', 'FOUND', 1],
  ])('%s → %s (%i properties)', async (lastName, outcome, count) => {
    const result = await provider.findProperties({ applicant: applicant(lastName), address });
    expect(result.outcome).toBe(outcome);
    const properties =
      result.outcome === 'FOUND' ? [result.property] : result.outcome === 'MULTIPLE' ? result.properties : [];
    expect(properties).toHaveLength(count);
    expect(new Set(properties.map((each) => each.propertyId)).size).toBe(count);
  });

  it('happy path: owner of record, one $250,000 lien', async () => {
    const result = await provider.findProperties({ applicant: applicant('Smith'), address });
    if (result.outcome !== 'FOUND') throw new Error(result.outcome);
    expect(result.property).toMatchObject({
      applicantIsOwner: true,
      ownerNames: ['PAT SMITH'],
      existingLiensCents: 25_000_000,
      liens: [{ position: 1, balanceCents: 25_000_000 }],
    });
  });

  it('Notowner: the applicant is not among the owners of record', async () => {
    const result = await provider.findProperties({ applicant: applicant('Notowner'), address });
    expect(result).toMatchObject({ outcome: 'FOUND', property: { applicantIsOwner: false } });
  });

  it.each<[string, PropertyAddress]>([
    ['New York', { street1: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', county: 'New York' }],
    ['Texas', { street1: '1100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' }],
  ])('answers for %s addresses (licensing is the organisation rule)', async (_, where) => {
    const result = await provider.findProperties({ applicant: applicant('Smith'), address: where });
    expect(result).toMatchObject({ outcome: 'FOUND', property: { address: { state: where.state } } });
  });

  it('ids are a function of the address (case and spacing ignored); liens re-read by id', async () => {
    const a = await provider.findProperties({ applicant: applicant('Smith'), address });
    const b = await provider.findProperties({
      applicant: applicant('Jones'),
      address: { ...address, street1: ' 742  EVERGREEN terrace ' },
    });
    if (a.outcome !== 'FOUND' || b.outcome !== 'FOUND') throw new Error('expected FOUND');
    expect(b.property.propertyId).toBe(a.property.propertyId);
    expect(
      await provider.getLiens({ applicant: applicant('Smith'), address, propertyId: a.property.propertyId }),
    ).toEqual({
      outcome: 'FOUND',
      propertyId: a.property.propertyId,
      liens: a.property.liens,
      existingLiensCents: 25_000_000,
    });
    expect(await provider.getLiens({ applicant: applicant('Smith'), address, propertyId: 'nope' })).toEqual({
      outcome: 'NOT_FOUND',
    });
  });
});
