import { beforeEach, describe, expect, it } from 'vitest';
import { createAuthStorage, defaultSessionKey, REMEMBER_DURATION_MS, REMEMBER_KEY } from './auth-storage';

const KEY = 'sb-127-auth-token';
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const validSession = JSON.stringify({
  access_token: 'a.b.c',
  refresh_token: 'r12345678901',
  expires_at: NOW / 1000 + 3600,
});

describe('auth storage (remember me)', () => {
  let clock = NOW;
  const make = () =>
    createAuthStorage({ local: localStorage, session: sessionStorage, sessionKey: KEY, now: () => clock });

  beforeEach(() => {
    clock = NOW;
    localStorage.clear();
    sessionStorage.clear();
  });

  it('remember on: the session goes to localStorage with a one-month marker', () => {
    const storage = make();
    storage.setRemember(true);
    storage.setItem(KEY, validSession);
    expect(localStorage.getItem(KEY)).toBe(validSession);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(Number(localStorage.getItem(REMEMBER_KEY))).toBe(NOW + REMEMBER_DURATION_MS);
    expect(storage.getRemember()).toEqual({ remember: true, until: NOW + REMEMBER_DURATION_MS });
  });

  it('remember off: the session goes to sessionStorage only (gone with the browser session)', () => {
    const storage = make();
    storage.setRemember(false);
    storage.setItem(KEY, validSession);
    expect(sessionStorage.getItem(KEY)).toBe(validSession);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(localStorage.getItem(REMEMBER_KEY)).toBeNull();
    expect(storage.getItem(KEY)).toBe(validSession);
  });

  it('switching the choice moves the next write and leaves no copy behind', () => {
    const storage = make();
    storage.setRemember(true);
    storage.setItem(KEY, validSession);
    storage.setRemember(false);
    storage.setItem(KEY, validSession);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBe(validSession);
  });

  it('a remembered session is forgotten after one month', () => {
    const storage = make();
    storage.setRemember(true);
    storage.setItem(KEY, validSession);
    clock = NOW + REMEMBER_DURATION_MS - 1;
    expect(storage.getItem(KEY)).toBe(validSession);
    clock = NOW + REMEMBER_DURATION_MS + 1;
    expect(storage.getItem(KEY)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(localStorage.getItem(REMEMBER_KEY)).toBeNull();
  });

  it('removes a stored session that lacks a required field instead of returning it', () => {
    sessionStorage.setItem(KEY, JSON.stringify({ access_token: 'a.b.c', expires_at: NOW / 1000 + 60 }));
    const storage = make();
    expect(storage.getItem(KEY)).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('removeItem clears both places', () => {
    localStorage.setItem(KEY, validSession);
    sessionStorage.setItem(KEY, validSession);
    make().removeItem(KEY);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('knows whether a session was stored at start, and lists key names', () => {
    expect(make().hadSessionAtStart).toBe(false);
    localStorage.setItem(REMEMBER_KEY, String(NOW + 1000));
    localStorage.setItem(KEY, validSession);
    localStorage.setItem('language', 'ar');
    const storage = make();
    expect(storage.hadSessionAtStart).toBe(true);
    expect(storage.keys()).toEqual(
      expect.arrayContaining([
        { key: KEY, where: 'local' },
        { key: REMEMBER_KEY, where: 'local' },
      ]),
    );
    expect(storage.keys().some((entry) => entry.key === 'language')).toBe(false);
  });

  it('derives the same key as supabase-js', () => {
    expect(defaultSessionKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
    expect(defaultSessionKey('https://abcd.supabase.co')).toBe('sb-abcd-auth-token');
  });
});
