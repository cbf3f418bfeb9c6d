import { describe, expect, it, vi } from 'vitest';
import { EMPTY_APPLICATION_STATUS, STATUS_POLL_WAITING_ATTEMPTS } from '@heloc/domain';
import type { TApplicationStatusResponse } from '@heloc/domain';
import { ApiError } from '@/lib/api-client';
import { pollStatus } from './poll-status';

const answer = (status: string): TApplicationStatusResponse =>
  ({ status, applicationStatus: EMPTY_APPLICATION_STATUS }) as TApplicationStatusResponse;

function run(answers: (string | Error)[], isFatal?: (error: unknown) => boolean) {
  const sleeps: number[] = [];
  const seen: { statusName: string | null; waiting: boolean }[] = [];
  const queue = [...answers];
  const fetchStatus = vi.fn(async () => {
    const next = queue.length > 1 ? queue.shift()! : queue[0]!;
    if (next instanceof Error) throw next;
    return answer(next);
  });
  const promise = pollStatus({
    fetchStatus,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    onAnswer: (each) => seen.push(each),
    ...(isFatal ? { isFatal } : {}),
  });
  return { promise, sleeps, seen, fetchStatus };
}

describe('pollStatus', () => {
  it('answers a settled status at once', async () => {
    const { promise, sleeps, fetchStatus } = run(['LIEN_VERIFICATION']);
    await expect(promise).resolves.toMatchObject({ statusName: 'LIEN_VERIFICATION', gaveUp: false });
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(sleeps).toEqual([]);
  });

  it('polls a waiting status with the domain delays until it settles', async () => {
    const { promise, sleeps, seen } = run([
      'WAITING_FOR_CREDIT',
      'WAITING_FOR_CREDIT',
      'WAITING_FOR_PROPERTY',
      'WAITING_FOR_PROPERTY',
      'LIEN_VERIFICATION',
    ]);
    await expect(promise).resolves.toMatchObject({ statusName: 'LIEN_VERIFICATION', gaveUp: false });
    expect(sleeps).toEqual([1000, 2000, 4000, 5000]);
    expect(seen.map((each) => each.waiting)).toEqual([true, true, true, true, false]);
  });

  it('gives up after 14 waiting answers with UNKNOWN (the timeout page)', async () => {
    const { promise, fetchStatus, sleeps } = run(['WAITING_FOR_UNDERWRITING']);
    await expect(promise).resolves.toMatchObject({ statusName: 'UNKNOWN', gaveUp: true });
    expect(fetchStatus).toHaveBeenCalledTimes(STATUS_POLL_WAITING_ATTEMPTS);
    expect(sleeps).toHaveLength(STATUS_POLL_WAITING_ATTEMPTS - 1);
    expect(sleeps.at(-1)).toBe(5000);
  });

  it('retries failed requests as settled attempts, then gives up', async () => {
    const failure = new ApiError({ status: 0, message: 'offline', url: '/status' });
    const retried = run([failure, failure, 'OFFER_SELECTION']);
    await expect(retried.promise).resolves.toMatchObject({ statusName: 'OFFER_SELECTION' });
    expect(retried.sleeps).toEqual([1000, 2000]);

    const dead = run([failure]);
    await expect(dead.promise).resolves.toMatchObject({ statusName: 'UNKNOWN', gaveUp: true, last: null });
    expect(dead.fetchStatus).toHaveBeenCalledTimes(7);
  });

  it('rethrows a fatal failure (the application is gone) without retrying', async () => {
    const gone = new ApiError({ status: 404, message: 'Application not found', url: '/status' });
    const { promise, fetchStatus } = run([gone], (error) => error === gone);
    await expect(promise).rejects.toBe(gone);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('keeps the last answer so its flags can route (a final decline stops at once)', async () => {
    const { promise } = run(['WAITING_FOR_UNDERWRITING', 'DECLINED']);
    const outcome = await promise;
    expect(outcome.statusName).toBe('DECLINED');
    expect(outcome.last?.status).toBe('DECLINED');
  });
});
