import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

describe('lazySchema', () => {
  it('builds the schema only when first read, and only once', () => {
    const build = vi.fn(() => z.string().min(2));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.safeParse('ok').success).toBe(true);
    expect(schema.safeParse('x').success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('behaves as the schema itself: parse errors, instanceof, derived and nested schemas', () => {
    const ZName = lazySchema(() => z.string().min(1, 'Required'));
    const ZPerson = lazySchema(() => z.object({ name: ZName }));
    const ZAdult = lazySchema(() => ZPerson.extend({ age: z.number().min(18) }));

    expect(ZName).toBeInstanceOf(z.ZodString);
    expect(ZPerson).toBeInstanceOf(z.ZodObject);
    expect(ZAdult.parse({ name: 'Marge', age: 39 })).toEqual({ name: 'Marge', age: 39 });
    const failed = ZAdult.safeParse({ name: '', age: 12 });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['name', 'age']);
    expect(failed.error?.issues[0]?.message).toBe('Required');
    expect(Object.keys(ZPerson.shape)).toEqual(['name']);
  });

  it('gives an enum its options and values', () => {
    const ZColour = lazySchema(() => z.enum(['RED', 'GREEN']));
    expect(ZColour.options).toEqual(['RED', 'GREEN']);
    expect(ZColour.enum.RED).toBe('RED');
    expect(z.array(ZColour).parse(['GREEN'])).toEqual(['GREEN']);
  });
});
