import { afterAll, beforeAll } from 'vitest';

/**
 * Builds a value in a `beforeAll` and closes it in an `afterAll`, both registered where it is
 * called, and answers a handle that stands for the value once built (useTestApp,
 * useTestDatabase). Reading the handle before the `beforeAll` has run throws, naming `name`.
 */
export function useBuilt<T extends object>(
  name: string,
  build: () => Promise<T>,
  close: (value: T) => Promise<void>,
): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await build();
  });
  afterAll(async () => {
    if (current) await close(current);
    current = undefined;
  });
  return new Proxy({} as T, {
    get(_, property) {
      if (!current) {
        throw new Error(`${name}: read (.${String(property)}) before beforeAll built it`);
      }
      return Reflect.get(current, property, current);
    },
  });
}
