/**
 * Session rules of SPEC §4 and §9, pure so they can be tested without a browser:
 * - a stored session is valid only with access_token, refresh_token and expires_at;
 * - an expired session is refreshed;
 * - a refresh is retried with a 200 ms back-off, doubled each attempt, only while the next try
 *   still fits inside the tick window; a failure that cannot be retried ends the session.
 */

export interface StoredSessionShape {
  access_token: string;
  refresh_token: string;
  /** Seconds since the epoch. */
  expires_at: number;
}

export type StoredSessionState = 'missing' | 'invalid' | 'expired' | 'valid';

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** SPEC §4: access_token, refresh_token and expires_at are all required. */
export function isValidSession(value: unknown): value is StoredSessionShape {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    isNonEmptyString(candidate.access_token) &&
    isNonEmptyString(candidate.refresh_token) &&
    typeof candidate.expires_at === 'number' &&
    Number.isFinite(candidate.expires_at)
  );
}

/**
 * Seconds before expiry at which a session already counts as expired, so a request never
 * leaves with a token that dies on the way (auth-js uses the same 90 s margin).
 */
export const EXPIRY_MARGIN_SECONDS = 90;

export function isSessionExpired(
  session: StoredSessionShape,
  nowMs: number,
  marginSeconds = EXPIRY_MARGIN_SECONDS,
): boolean {
  return session.expires_at * 1000 - marginSeconds * 1000 <= nowMs;
}

/** What the stored text of a session means: nothing, garbage, needs a refresh, or usable. */
export function classifyStoredSession(raw: string | null, nowMs: number): StoredSessionState {
  if (raw === null || raw === '') return 'missing';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 'invalid';
  }
  // supabase-js v2 stores the session itself; very old versions wrapped it in currentSession.
  const candidate =
    typeof parsed === 'object' && parsed !== null && 'currentSession' in parsed ? parsed.currentSession : parsed;
  if (!isValidSession(candidate)) return 'invalid';
  return isSessionExpired(candidate, nowMs) ? 'expired' : 'valid';
}

/** Seconds until the access token expires (negative once it has). */
export function secondsUntilExpiry(expiresAt: number | undefined, nowMs: number): number | null {
  if (typeof expiresAt !== 'number') return null;
  return Math.round(expiresAt - nowMs / 1000);
}

/** SPEC §9: first retry after 200 ms, doubled each attempt. */
export const REFRESH_RETRY_BASE_MS = 200;
/** auth-js' auto-refresh tick: a retry is only worth it while it lands inside one tick. */
export const REFRESH_TICK_WINDOW_MS = 30_000;

export function refreshRetryDelay(attempt: number): number {
  return REFRESH_RETRY_BASE_MS * 2 ** attempt;
}

/**
 * Whether to try the refresh again after `attempt` failed tries (0-based) and `elapsedMs` spent:
 * only a retryable error (network, 5xx), and only if waiting for the next try still fits.
 */
export function shouldRetryRefresh(options: {
  retryable: boolean;
  attempt: number;
  elapsedMs: number;
  windowMs?: number;
}): boolean {
  const windowMs = options.windowMs ?? REFRESH_TICK_WINDOW_MS;
  if (!options.retryable) return false;
  return options.elapsedMs + refreshRetryDelay(options.attempt) < windowMs;
}

export interface RefreshOutcome<T> {
  ok: boolean;
  value?: T;
  error?: unknown;
  attempts: number;
  /** The session must be removed: the failure cannot be retried (or retries ran out). */
  endSession: boolean;
}

/**
 * Runs `refresh` with the retry policy above. `isRetryable` decides per error; `sleep` and
 * `now` are injectable for tests.
 */
export async function refreshWithRetry<T>(
  refresh: () => Promise<T>,
  options: {
    isRetryable: (error: unknown) => boolean;
    windowMs?: number;
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<RefreshOutcome<T>> {
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const started = now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const value = await refresh();
      return { ok: true, value, attempts: attempt + 1, endSession: false };
    } catch (error) {
      const retryable = options.isRetryable(error);
      if (!shouldRetryRefresh({ retryable, attempt, elapsedMs: now() - started, windowMs: options.windowMs })) {
        return { ok: false, error, attempts: attempt + 1, endSession: true };
      }
      await sleep(refreshRetryDelay(attempt));
    }
  }
}

/** `eyJhbGciOi…Xb3c` — enough to recognise a token, never enough to use it. */
export function maskSecret(value: string | null | undefined, visible = 6): string {
  if (!value) return '';
  if (value.length <= visible * 2) return '•'.repeat(Math.min(value.length, 8));
  return `${value.slice(0, visible)}…${value.slice(-4)}`;
}

/** The payload of a JWT, decoded without verifying it (display and routing only, never trust). */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

interface SessionForMfa {
  access_token: string;
  user: { factors?: { status: string }[] | null };
}

/**
 * SPEC §4: aal2 is reached when a verified factor exists. A session signed in with the phone
 * code alone (aal1) of a user who has a verified factor still owes the second step.
 */
export function needsMfa(session: SessionForMfa | null | undefined): boolean {
  if (!session) return false;
  const hasVerifiedFactor = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  if (!hasVerifiedFactor) return false;
  return decodeJwtPayload(session.access_token)?.aal !== 'aal2';
}
