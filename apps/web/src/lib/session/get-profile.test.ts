import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS } from '@heloc/domain';
import { ApiError, setUnauthenticatedHandler } from '../api-client';
import { mockApi } from '@/testing/mock-api';
import { getProfile, PROFILE_FETCH_FAILED } from './get-profile';

beforeEach(() => setUnauthenticatedHandler(() => {}));
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(null);
});

describe('getProfile (spec 2 §8 "401 on profile fetch")', () => {
  it('keeps the domain text', () => {
    expect(PROFILE_FETCH_FAILED).toBe(ERROR_TEXTS.profileFetchFailed);
  });

  it('a 401 removes the jwt and reads "Failed to fetch profile details."', async () => {
    mockApi().on('GET /service-profile/api/v1/profile', {
      status: 401,
      body: { status: 401, message: 'Unauthenticated' },
    });
    localStorage.setItem('jwt', 'token');
    const error = await getProfile().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Failed to fetch profile details.');
    expect((error as ApiError).status).toBe(401);
    expect(localStorage.getItem('jwt')).toBeNull();
  });
});
