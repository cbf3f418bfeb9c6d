import { describe, expect, it } from 'vitest';
import { APPLICATION_STEPS } from '../enums';
import { maskAccount, maskSsn } from './console-file';
import {
  PIPELINE_STEP_GROUPS,
  ZPipelineQuery,
  pipelineStepGroup,
  stepInWords,
  stepsOfGroups,
  wholeDaysBetween,
} from './console-pipeline';
import { timelineKind } from './console-timeline';
import { SENSITIVE_READ_ACTION, STAFF_NOTE_ACTION, formatSsn } from './console-records';

describe('pipeline step groups', () => {
  it.each([
    ['IN_PROGRESS', 'BASIC_INFO'],
    ['WAITING_FOR_CREDIT', 'BASIC_INFO'],
    ['OFFER_SELECTION', 'OFFER'],
    ['HMDA', 'MORE_INFO'],
    ['INCOME_VERIFICATION', 'INCOME_AND_ACCOUNTS'],
    ['IDENTITY_VERIFICATION', 'IDENTITY'],
    ['NOTE_SIGNING', 'SIGNING'],
    ['DEED_SIGNING', 'NOTARY'],
    ['RESCISSION', 'CLOSING'],
    ['PAYOFF_PENDING', 'CLOSING'],
    ['COMPLETE', 'FUNDED'],
    ['DECLINED', 'DECLINED'],
    ['CANCELLED', 'CANCELLED'],
  ] as const)('%s is in %s', (step, group) => {
    expect(pipelineStepGroup(step)).toBe(group);
  });

  it('puts every step in exactly one group', () => {
    const grouped = PIPELINE_STEP_GROUPS.flatMap((group) => stepsOfGroups([group]));
    expect([...grouped].sort()).toEqual([...APPLICATION_STEPS].sort());
  });
});

describe('stepInWords', () => {
  it.each([
    ['WAITING_FOR_CREDIT', 'Waiting for credit'],
    ['GEN_CLOSING_DOCS', 'Generating closing docs'],
    ['HMDA', 'HMDA questions'],
    ['BPO_ORDER', 'Valuation order'],
    ['COMPLETE', 'Funded'],
    ['OFFER_SELECTION', 'Offer selection'],
  ])('%s → %s', (step, words) => {
    expect(stepInWords(step)).toBe(words);
  });
});

describe('timelineKind', () => {
  it.each([
    [{ kind: 'ACTION', action: 'CONDITION_RAISED', actorType: 'STAFF' }, 'CONDITION'],
    [{ kind: 'STEP_CHANGE', action: 'CONDITION_CLEARED', actorType: 'BORROWER' }, 'CONDITION'],
    [{ kind: 'ACTION', action: 'DOCUMENT_UPLOADED', actorType: 'BORROWER' }, 'DOCUMENT'],
    [{ kind: 'STEP_CHANGE', action: 'CREDIT_MATCHED', actorType: 'PROVIDER' }, 'STEP'],
    [{ kind: 'ACTION', action: 'PHONE_ADDED', actorType: 'BORROWER' }, 'BORROWER'],
    [{ kind: 'ACTION', action: 'PHONE_ADDED', actorType: 'CO_DEEDER' }, 'BORROWER'],
    [{ kind: 'ACTION', action: 'NOTE', actorType: 'STAFF' }, 'STAFF'],
    [{ kind: 'ACTION', action: 'CHECKED', actorType: 'PROVIDER' }, 'PROVIDER'],
    [{ kind: 'ACTION', action: 'PURGED', actorType: 'SYSTEM' }, 'SYSTEM'],
    [{ kind: 'ACTION', action: STAFF_NOTE_ACTION, actorType: 'STAFF' }, 'NOTE'],
    [{ kind: 'ACTION', action: SENSITIVE_READ_ACTION, actorType: 'STAFF' }, 'SENSITIVE'],
  ] as const)('%o → %s', (entry, kind) => {
    expect(timelineKind(entry)).toBe(kind);
  });
});

describe('formatSsn', () => {
  it.each([
    ['123456789', '123-45-6789'],
    ['123-45-6789', '123-45-6789'],
    ['12345', '12345'],
  ])('%s → %s', (digits, shown) => expect(formatSsn(digits)).toBe(shown));
});

describe('masks and days', () => {
  it('shows the last four only', () => {
    expect(maskSsn('1234')).toBe('***-**-1234');
    expect(maskSsn(null)).toBeNull();
    expect(maskSsn('12')).toBeNull();
    expect(maskAccount('987654321')).toBe('••••4321');
  });
  it('counts whole days, never negative', () => {
    const from = new Date('2026-01-01T12:00:00Z');
    expect(wholeDaysBetween(from, new Date('2026-01-03T11:59:59Z'))).toBe(1);
    expect(wholeDaysBetween(from, new Date('2026-01-03T12:00:00Z'))).toBe(2);
    expect(wholeDaysBetween(from, new Date('2025-12-31T00:00:00Z'))).toBe(0);
  });
});

describe('ZPipelineQuery', () => {
  it('reads comma lists, booleans and defaults', () => {
    expect(ZPipelineQuery.parse({ group: 'OFFER,SIGNING', openConditions: 'true' })).toMatchObject({
      group: ['OFFER', 'SIGNING'],
      openConditions: true,
      sort: 'updatedAt',
      dir: 'desc',
      limit: 25,
    });
  });
  it('refuses unknown groups, reversed ranges and one-letter searches', () => {
    expect(ZPipelineQuery.safeParse({ group: 'NOPE' }).success).toBe(false);
    expect(ZPipelineQuery.safeParse({ createdFrom: '2026-02-01', createdTo: '2026-01-01' }).success).toBe(
      false,
    );
    expect(ZPipelineQuery.safeParse({ q: 'a' }).success).toBe(false);
    expect(ZPipelineQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
});
