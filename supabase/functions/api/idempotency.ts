// `Idempotency-Key` on POST /v1/bookings (docs/api.md, migration 20261128400200): the same key
// with the same body within 24 hours gets the first answer again (same status and body, with
// `Idempotent-Replayed: true`); with another body, 422 idempotency_key_reused; of concurrent
// duplicates exactly one creates the booking, the others wait for its answer.
import { ApiError } from './errors.ts';
import { sha256Hex } from './hash.ts';

/** Printable ASCII, 1–255 characters: a UUID or any client-chosen token. */
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key, or null without one; 400 invalid_idempotency_key when malformed. */
export function idempotencyKeyOf(req: Request): string | null {
  const value = req.headers.get('idempotency-key');
  if (value === null) return null;
  const key = value.trim();
  if (!KEY_SHAPE.test(key)) {
    throw new ApiError(
      400,
      'invalid_idempotency_key',
      'Idempotency-Key must be 1 to 255 printable characters without spaces, for example a UUID',
    );
  }
  return key;
}

/** JSON with its object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The fingerprint of a body: its canonical JSON when it parses, else its exact text. */
export async function requestHash(bodyText: string): Promise<string> {
  let canonical: string;
  try {
    canonical = canonicalJson(JSON.parse(bodyText));
  } catch {
    canonical = bodyText;
  }
  return sha256Hex(canonical);
}

export type Begin =
  | { state: 'new' }
  | { state: 'replay'; status: number; body: unknown }
  | { state: 'mismatch' }
  | { state: 'in_progress' };

export interface IdempotencyStore {
  begin(key: string, hash: string): Promise<Begin>;
  finish(key: string, status: number, body: unknown): Promise<void>;
  release(key: string): Promise<void>;
}

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** How long a duplicate waits for the first request's answer before 409 idempotency_in_progress. */
const WAIT_STEPS = 25;
const WAIT_MS = 200;

/**
 * Runs `perform` at most once per idempotency key and body: replays a stored answer, refuses a
 * reused key, waits for a concurrent twin. A 2xx or 4xx answer is stored; a fault (5xx or an
 * unexpected error) drops the claim so a retry runs again.
 */
export async function idempotent(
  store: IdempotencyStore,
  key: string,
  hash: string,
  perform: () => Promise<Answer>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Answer & { replayed: boolean }> {
  for (let attempt = 0; ; attempt += 1) {
    const begun = await store.begin(key, hash);
    if (begun.state === 'replay') return { status: begun.status, body: begun.body, replayed: true };
    if (begun.state === 'mismatch') {
      throw new ApiError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request body; use a new key for a new request',
      );
    }
    if (begun.state === 'new') break;
    if (attempt >= WAIT_STEPS) {
      throw new ApiError(
        409,
        'idempotency_in_progress',
        'A request with this Idempotency-Key is still being processed; try again shortly',
        undefined,
        { 'Retry-After': '1' },
      );
    }
    await sleep(WAIT_MS);
  }
  let answer: Answer;
  try {
    answer = await perform();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      const body = {
        error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
      };
      await store.finish(key, error.status, body);
    } else {
      await store.release(key).catch(() => undefined);
    }
    throw error;
  }
  if (answer.status < 500) await store.finish(key, answer.status, answer.body);
  else await store.release(key).catch(() => undefined);
  return { ...answer, replayed: false };
}
