// Minimal assertions for the Deno tests (no remote imports: jsr:@std/assert is not available
// offline, and edge-function code imports only relative and npm: modules).

export class AssertionError extends Error {
  override name = 'AssertionError';
}

function show(value: unknown): string {
  if (value instanceof Uint8Array) return `Uint8Array(${value.length})[${Array.from(value.slice(0, 48)).join(',')}]`;
  try {
    return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v instanceof Map ? [...v] : v), 2);
  } catch {
    return String(value);
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    return a instanceof Uint8Array && b instanceof Uint8Array && a.length === b.length && a.every((x, i) => x === b[i]);
  }
  if (a instanceof Map && b instanceof Map) {
    return a.size === b.size && [...a].every(([k, v]) => b.has(k) && deepEqual(v, b.get(k)));
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    return (
      ka.length === kb.length &&
      ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return false;
}

export function assert(condition: unknown, message = 'Assertion failed'): asserts condition {
  if (!condition) throw new AssertionError(message);
}

export function assertEquals<T>(actual: T, expected: T, message?: string): void {
  if (!deepEqual(actual, expected)) {
    throw new AssertionError(`${message ? `${message}\n` : ''}actual:   ${show(actual)}\nexpected: ${show(expected)}`);
  }
}

export function assertMatch(actual: string, pattern: RegExp): void {
  if (!pattern.test(actual)) throw new AssertionError(`${show(actual)} does not match ${pattern}`);
}

type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

function checkError<E extends Error>(error: unknown, type?: ErrorClass<E>, includes?: string): E {
  if (!(error instanceof Error)) throw new AssertionError(`Expected an Error, got ${show(error)}`);
  if (type && !(error instanceof type))
    throw new AssertionError(`Expected ${type.name}, got ${error.name}: ${error.message}`);
  if (includes && !error.message.includes(includes)) {
    throw new AssertionError(`Expected the message to include ${show(includes)}, got ${show(error.message)}`);
  }
  return error as E;
}

export function assertThrows<E extends Error = Error>(fn: () => unknown, type?: ErrorClass<E>, includes?: string): E {
  try {
    fn();
  } catch (error) {
    return checkError(error, type, includes);
  }
  throw new AssertionError('Expected the function to throw');
}

export async function assertRejects<E extends Error = Error>(
  fn: () => Promise<unknown>,
  type?: ErrorClass<E>,
  includes?: string,
): Promise<E> {
  try {
    await fn();
  } catch (error) {
    return checkError(error, type, includes);
  }
  throw new AssertionError('Expected the promise to reject');
}
