import { describe, expect, it, vi } from 'vitest';
import {
  classifyStoredSession,
  isSessionExpired,
  isValidSession,
  decodeJwtPayload,
  maskSecret,
  needsMfa,
  refreshRetryDelay,
  refreshWithRetry,
  secondsUntilExpiry,
  shouldRetryRefresh,
} from './session';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const nowSeconds = NOW / 1000;
const session = (overrides: Record<string, unknown> = {}) => ({
  access_token: 'eyJ.header.payload',
  refresh_token: 'abcdefghijkl',
  expires_at: nowSeconds + 3600,
  expires_in: 3600,
  token_type: 'bearer',
  user: { id: 'u1' },
  ...overrides,
});

describe('isValidSession (SPEC §4: access_token, refresh_token and expires_at)', () => {
  it('accepts a complete session', () => {
    expect(isValidSession(session())).toBe(true);
  });
  it.each([
    ['no access_token', { access_token: undefined }],
    ['empty access_token', { access_token: '' }],
    ['no refresh_token', { refresh_token: undefined }],
    ['empty refresh_token', { refresh_token: '' }],
    ['no expires_at', { expires_at: undefined }],
    ['expires_at as text', { expires_at: String(nowSeconds) }],
    ['expires_at NaN', { expires_at: Number.NaN }],
  ])('refuses a session with %s', (_label, overrides) => {
    expect(isValidSession(session(overrides))).toBe(false);
  });
  it.each([[null], [undefined], ['text'], [42]])('refuses %j', (value) => {
    expect(isValidSession(value)).toBe(false);
  });
});

describe('isSessionExpired', () => {
  it('is not expired well before expires_at', () => {
    expect(isSessionExpired(session(), NOW)).toBe(false);
  });
  it('counts as expired inside the safety margin and after expiry', () => {
    expect(isSessionExpired(session({ expires_at: nowSeconds + 60 }), NOW)).toBe(true);
    expect(isSessionExpired(session({ expires_at: nowSeconds - 1 }), NOW)).toBe(true);
    expect(isSessionExpired(session({ expires_at: nowSeconds + 60 }), NOW, 0)).toBe(false);
  });
});

describe('classifyStoredSession', () => {
  it('tells missing, invalid, expired and valid apart', () => {
    expect(classifyStoredSession(null, NOW)).toBe('missing');
    expect(classifyStoredSession('', NOW)).toBe('missing');
    expect(classifyStoredSession('{not json', NOW)).toBe('invalid');
    expect(classifyStoredSession(JSON.stringify({ access_token: 'a' }), NOW)).toBe('invalid');
    expect(classifyStoredSession(JSON.stringify(session({ expires_at: nowSeconds - 10 })), NOW)).toBe('expired');
    expect(classifyStoredSession(JSON.stringify(session()), NOW)).toBe('valid');
  });
  it('reads the legacy { currentSession } wrapper', () => {
    expect(classifyStoredSession(JSON.stringify({ currentSession: session() }), NOW)).toBe('valid');
  });
});

describe('secondsUntilExpiry', () => {
  it('counts down and goes negative after expiry', () => {
    expect(secondsUntilExpiry(nowSeconds + 125, NOW)).toBe(125);
    expect(secondsUntilExpiry(nowSeconds - 5, NOW)).toBe(-5);
    expect(secondsUntilExpiry(undefined, NOW)).toBeNull();
  });
});

describe('refresh retry policy (SPEC §9)', () => {
  it('waits 200 ms, then doubles', () => {
    expect([0, 1, 2, 3].map(refreshRetryDelay)).toEqual([200, 400, 800, 1600]);
  });
  it('never retries an error that cannot be retried', () => {
    expect(shouldRetryRefresh({ retryable: false, attempt: 0, elapsedMs: 0 })).toBe(false);
  });
  it('retries a retryable error only while the next try fits in the tick window', () => {
    expect(shouldRetryRefresh({ retryable: true, attempt: 0, elapsedMs: 0, windowMs: 1000 })).toBe(true);
    expect(shouldRetryRefresh({ retryable: true, attempt: 2, elapsedMs: 100, windowMs: 1000 })).toBe(true); // 100 + 800 < 1000
    expect(shouldRetryRefresh({ retryable: true, attempt: 2, elapsedMs: 300, windowMs: 1000 })).toBe(false); // 300 + 800 ≥ 1000
  });

  it('refreshWithRetry: a retryable failure is retried with back-off until it succeeds', async () => {
    let clock = 0;
    const sleeps: number[] = [];
    const refresh = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValue('new-session');
    const outcome = await refreshWithRetry(refresh, {
      isRetryable: () => true,
      now: () => clock,
      sleep: (ms) => {
        sleeps.push(ms);
        clock += ms;
        return Promise.resolve();
      },
    });
    expect(outcome).toMatchObject({ ok: true, value: 'new-session', attempts: 3, endSession: false });
    expect(sleeps).toEqual([200, 400]);
  });

  it('refreshWithRetry: a failure that cannot be retried ends the session at once', async () => {
    const refresh = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('refresh_token_not_found'));
    const outcome = await refreshWithRetry(refresh, { isRetryable: () => false, sleep: () => Promise.resolve() });
    expect(outcome.ok).toBe(false);
    expect(outcome.endSession).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshWithRetry: retries stop (and the session ends) when the window is used up', async () => {
    let clock = 0;
    const refresh = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('network'));
    const outcome = await refreshWithRetry(refresh, {
      isRetryable: () => true,
      windowMs: 1000,
      now: () => clock,
      sleep: (ms) => {
        clock += ms;
        return Promise.resolve();
      },
    });
    // tries at 0, 200, 600; the next wait (800) would end at 1400 > 1000.
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(outcome).toMatchObject({ ok: false, endSession: true, attempts: 3 });
  });
});

describe('maskSecret', () => {
  it('never returns the whole value', () => {
    const token = 'eyJhbGciOiJFUzI1NiIsImtpZCI6ImIifQ.payload.signature-part';
    const masked = maskSecret(token);
    expect(masked).not.toBe(token);
    expect(masked.length).toBeLessThan(16);
    expect(maskSecret('abcdefghijkl')).not.toContain('abc');
    expect(maskSecret('')).toBe('');
  });
});

describe('needsMfa (SPEC §4: aal2 once a verified factor exists)', () => {
  const jwt = (payload: Record<string, unknown>) =>
    `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;
  it('asks for the second factor when a verified factor exists and the token is aal1', () => {
    expect(needsMfa({ access_token: jwt({ aal: 'aal1' }), user: { factors: [{ status: 'verified' }] } })).toBe(true);
  });
  it('is satisfied at aal2', () => {
    expect(needsMfa({ access_token: jwt({ aal: 'aal2' }), user: { factors: [{ status: 'verified' }] } })).toBe(false);
  });
  it('does not ask without a verified factor', () => {
    expect(needsMfa({ access_token: jwt({ aal: 'aal1' }), user: { factors: [{ status: 'unverified' }] } })).toBe(false);
    expect(needsMfa({ access_token: jwt({ aal: 'aal1' }), user: {} })).toBe(false);
    expect(needsMfa(null)).toBe(false);
  });
  it('decodes base64url payloads with non-ASCII text', () => {
    const payload = { sub: 'u1', user_metadata: { name: 'نُزُل' } };
    const bytes = new TextEncoder().encode(JSON.stringify(payload));
    const encoded = btoa(String.fromCharCode(...bytes))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(decodeJwtPayload(`x.${encoded}.y`)).toEqual(payload);
    expect(decodeJwtPayload('garbage')).toBeNull();
  });
});
