import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [512, '512 bytes'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 + 50, '10 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [1024 * 1024, '1 MB'],
    [5.25 * 1024 * 1024, '5.3 MB'],
    [3 * 1024 * 1024 * 1024, '3072 MB'],
  ])('%s → %s', (bytes, expected) => expect(formatFileSize(bytes)).toBe(expected));

  it.each([-1, NaN, Infinity])('rejects %s', (bytes) =>
    expect(() => formatFileSize(bytes)).toThrow(RangeError),
  );

  it('always uses one of the three units, with at most one decimal, growing with size', () => {
    const toBytes = (text: string): number => {
      const [value = '', unit] = text.split(' ');
      return Number(value) * (unit === 'MB' ? 1024 ** 2 : unit === 'KB' ? 1024 : 1);
    };
    fc.assert(
      fc.property(fc.nat(2 ** 40), fc.nat(2 ** 40), (a, b) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        const text = formatFileSize(small);
        expect(text).toMatch(/^(\d+ bytes?|\d+(\.\d)? (KB|MB))$/);
        expect(toBytes(text)).toBeLessThanOrEqual(toBytes(formatFileSize(large)));
      }),
    );
  });
});
