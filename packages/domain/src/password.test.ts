import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordProblem } from './password';

describe('passwordProblem', () => {
  it.each([
    ['Demo-password-1', undefined, null],
    ['Ops-password-1', undefined, null],
    ['short-A1', undefined, PASSWORD_MESSAGES.tooShort],
    ['alllowercaseletters', undefined, PASSWORD_MESSAGES.tooSimple],
    ['lowercase-and-symbols', undefined, PASSWORD_MESSAGES.tooSimple],
    ['Lowercase-and-symbols', undefined, null],
    ['Janedoe-2024!', 'janedoe@example.com', PASSWORD_MESSAGES.containsEmail],
    ['Jo-password-1', 'jo@example.com', null],
    ['A1-' + 'x'.repeat(200), undefined, PASSWORD_MESSAGES.tooLong],
  ])('%s (%s) → %s', (password, email, expected) => {
    expect(passwordProblem(password, email)).toBe(expected);
  });

  it('accepts anything long enough with three kinds of character', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 7, maxLength: 60 }), (tail) => {
        const password = `Aa1${tail}`;
        fc.pre(password.length >= 10 && password.length <= 128);
        expect(passwordProblem(password)).toBeNull();
      }),
    );
  });

  it('rejects every password under the minimum length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 9 }), (password) => {
        expect(passwordProblem(password)).toBe(PASSWORD_MESSAGES.tooShort);
      }),
    );
  });
});
