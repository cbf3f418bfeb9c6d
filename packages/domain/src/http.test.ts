import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combineErrorMessages, DEFAULT_ERROR_MESSAGE, ZApiErrorBody } from './http';

describe('combineErrorMessages', () => {
  it.each([
    [[], 'Something unexpected happened'],
    [[null, undefined, '', '   '], 'Something unexpected happened'],
    [['Invalid email'], 'Invalid email.'],
    [['Invalid email.'], 'Invalid email.'],
    [['Invalid email', 'Invalid email.'], 'Invalid email.'],
    [['Invalid email', 'Phone is required'], 'Invalid email, Phone is required.'],
    [
      ['  Invalid email  ', null, 'Phone is required...', 'Invalid email'],
      'Invalid email, Phone is required.',
    ],
    [['Invalid email .', 'Invalid email'], 'Invalid email.'],
    [['Wait. Then retry.'], 'Wait. Then retry.'],
    [['...'], 'Something unexpected happened'],
    [['. .'], 'Something unexpected happened'],
    [['Bad input . ', 'Other'], 'Bad input, Other.'],
  ])('%j → %j', (messages, expected) => {
    expect(combineErrorMessages(messages)).toBe(expected);
  });

  it('stays fast on long runs of dots and blanks inside a message', () => {
    const long = `a${' .'.repeat(50_000)}b`;
    expect(combineErrorMessages([long, `${long} . .`])).toBe(`${long}.`);
  });

  const message = fc.option(
    fc.oneof(
      fc.string(),
      fc.constantFrom('Bad input', 'Bad input.', ' Bad input ', 'Bad input .', '.', '', ' . '),
    ),
    {
      nil: undefined,
    },
  );

  it('never repeats a message and ends with exactly one period (or is the default)', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 8 }), (messages) => {
        const text = combineErrorMessages(messages);
        if (text === DEFAULT_ERROR_MESSAGE) return;
        expect(text.endsWith('.')).toBe(true);
        expect(text.endsWith('..')).toBe(false);
        expect(text).toBe(text.trim());
        expect(text).not.toMatch(/\s\.$/);
        // Adding the same messages again, in any order, changes nothing.
        expect(combineErrorMessages([...messages, ...[...messages].reverse()])).toBe(text);
      }),
    );
  });

  it('keeps each distinct message once, in first-seen order', () => {
    const word = fc.stringMatching(/^[A-Z][a-z]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (words) => {
        const unique = [...new Set(words)];
        expect(combineErrorMessages(words)).toBe(`${unique.join(', ')}.`);
      }),
    );
  });
});

describe('ZApiErrorBody', () => {
  it('accepts the stable error body and rejects others', () => {
    expect(ZApiErrorBody.safeParse({ status: 404, message: 'Not found' }).success).toBe(true);
    expect(ZApiErrorBody.safeParse({ status: 400, message: 'Bad', details: [{ path: 'x' }] }).success).toBe(
      true,
    );
    expect(ZApiErrorBody.safeParse({ message: 'Bad' }).success).toBe(false);
  });
});
