import { describe, expect, it } from 'vitest';
import { getEnvironment, isDebugMode } from './environment';

describe('getEnvironment (SPEC §9)', () => {
  it.each([
    ['localhost', 'development'],
    ['127.0.0.1', 'development'],
    ['app.localhost', 'development'],
    ['staging.nuzl.sa', 'staging'],
    ['nuzl-staging.vercel.app', 'staging'],
    ['preview.nuzl.dev', 'staging'],
    ['nuzl.sa', 'production'],
    ['app.nuzl.sa', 'production'],
    ['developer.nuzl.sa', 'production'],
  ] as const)('%s → %s', (host, expected) => {
    expect(getEnvironment(host)).toBe(expected);
  });
});

describe('isDebugMode', () => {
  const none = { getItem: () => null };
  it('is on with ?debug=1 or a stored flag', () => {
    expect(isDebugMode('?debug=1', none)).toBe(true);
    expect(isDebugMode('?a=b&debug=1', none)).toBe(true);
    expect(isDebugMode('', { getItem: (key: string) => (key === 'nuzl.debug' ? '1' : null) })).toBe(true);
  });
  it('is off otherwise', () => {
    expect(isDebugMode('', none)).toBe(false);
    expect(isDebugMode('?debug=0', none)).toBe(false);
    expect(isDebugMode('?debug=true', none)).toBe(false);
  });
});
