/**
 * A stand-in for a schema that builds it the first time anything reads from it (build/lazy-schemas.ts
 * wraps the domain's schema constants in it for the browser build). Every read goes to the built
 * schema, methods bound to it, so `parse`, `safeParse`, `extend`, `instanceof` (zod checks its traits
 * through `_zod`) and a schema nested in another (zod reads `_zod` when it runs) behave as the schema's
 * own; the constant is just not built at module load.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let schema: T | undefined;
  const built = (): T => (schema ??= build());
  return new Proxy({} as T, {
    get(_target, key) {
      const target = built();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set: (_target, key, value) => Reflect.set(built(), key, value),
    has: (_target, key) => Reflect.has(built(), key),
    getPrototypeOf: () => Object.getPrototypeOf(built()) as object | null,
  });
}
