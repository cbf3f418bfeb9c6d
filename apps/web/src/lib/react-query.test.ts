import { describe, expect, it } from 'vitest';
import { createQueryClient } from './react-query';

describe('createQueryClient', () => {
  it('neither retries nor refetches on window focus by default (spec 1 §9)', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
