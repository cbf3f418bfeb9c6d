import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorDetailsObject, errorText, fieldDetails } from './api-errors';

const failure = (data: unknown, message = 'Invalid request') =>
  new ApiError({ status: 400, message, data, url: '/x' });

describe('api errors for forms', () => {
  it('maps validation details to body-relative field paths', () => {
    const error = failure({
      status: 400,
      message: 'Invalid request',
      details: [
        { path: 'body.property.state', message: 'Not available in New York' },
        { path: 'body.dob', message: 'Enter a valid birthdate' },
        { nope: true },
      ],
    });
    expect(fieldDetails(error)).toEqual([
      { path: 'property.state', message: 'Not available in New York' },
      { path: 'dob', message: 'Enter a valid birthdate' },
    ]);
  });

  it('joins the unique detail messages with a final period (spec 2 §8)', () => {
    const error = failure({
      details: [
        { path: 'body.a', message: 'Bad zip' },
        { path: 'body.b', message: 'Bad zip.' },
        { path: 'body.c', message: 'Bad city' },
      ],
    });
    expect(errorText(error)).toBe('Bad zip, Bad city.');
  });

  it('falls back to the message, then the default text', () => {
    expect(
      errorText(failure({ status: 401, message: 'Invalid email or password' }, 'Invalid email or password')),
    ).toBe('Invalid email or password.');
    expect(errorText(new Error('boom'))).toBe('Something unexpected happened');
  });

  it('reads a details object such as the two-factor flag', () => {
    expect(errorDetailsObject(failure({ details: { twoFactorRequired: true } }))).toEqual({
      twoFactorRequired: true,
    });
    expect(errorDetailsObject(failure({ details: [] }))).toBeNull();
  });
});
