import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_APPLICATION_STATUS } from '@heloc/domain';
import { keepWriteStatus, takeWriteStatus, WRITE_STATUS_FRESH_MS } from './write-status';

const UUID = '11111111-1111-4111-8111-111111111111';
const answer = {
  status: 'OFFER_SELECTION',
  applicationStatus: { ...EMPTY_APPLICATION_STATUS, liensComplete: true },
};

afterEach(() => {
  vi.useRealTimers();
  takeWriteStatus(UUID);
});

describe('the status a write answered', () => {
  it('is taken once, whatever the id’s case', () => {
    keepWriteStatus(UUID.toUpperCase(), { ...answer, extra: 1 });
    expect(takeWriteStatus(UUID)).toEqual(answer);
    expect(takeWriteStatus(UUID)).toBeNull();
  });

  it('stands for a status read only while fresh', () => {
    vi.useFakeTimers();
    keepWriteStatus(UUID, answer);
    vi.advanceTimersByTime(WRITE_STATUS_FRESH_MS);
    expect(takeWriteStatus(UUID)).toEqual(answer);
    keepWriteStatus(UUID, answer);
    vi.advanceTimersByTime(WRITE_STATUS_FRESH_MS + 1);
    expect(takeWriteStatus(UUID)).toBeNull();
  });

  it.each([
    ['a step without its status object', { status: 'OFFER_SELECTION' }],
    ['a status object without a step', { applicationStatus: answer.applicationStatus }],
    ['no answer', undefined],
    ['a list', [answer]],
  ])('keeps nothing for %s', (_name, body) => {
    keepWriteStatus(UUID, body);
    expect(takeWriteStatus(UUID)).toBeNull();
  });

  it('a later write replaces an earlier one', () => {
    keepWriteStatus(UUID, { ...answer, status: 'LIEN_VERIFICATION' });
    keepWriteStatus(UUID, answer);
    expect(takeWriteStatus(UUID)?.status).toBe('OFFER_SELECTION');
  });
});
