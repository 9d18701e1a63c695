// A stand-in for something a beforeAll hook creates (a server, a browser): usable in tests and hooks once it exists.
/**
 * The object stands for a value made in beforeAll: reading it before the hook ran is a mistake that says so.
 * Functions are bound, so `server.api.get(…)` and passing `server` to factories work as with the real object.
 */
export function lateBound<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      const value = current();
      if (!value) throw new Error(`${what} is started in beforeAll: use it inside tests and hooks`);
      const field: unknown = Reflect.get(value, property, value);
      return typeof field === 'function' ? (field as (...args: unknown[]) => unknown).bind(value) : field;
    },
  });
}
