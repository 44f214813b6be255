import { describe, expect, it } from 'vitest';
import { shouldPrefetch } from './prefetch';

function storage(keys: string[]): Pick<Storage, 'length' | 'key'> {
  return { length: keys.length, key: (index: number) => keys[index] ?? null };
}

describe('shouldPrefetch (SPEC §9, issue 12)', () => {
  it('prefetches the dashboard for a browser holding a session, wherever it is', () => {
    expect(shouldPrefetch('/', [storage(['language', 'sb-127-auth-token']), null])).toBe(true);
    expect(shouldPrefetch('/org/demo', [null, storage(['sb-abc-auth-token'])])).toBe(true);
  });

  it('prefetches on the sign-in pages, in both languages', () => {
    expect(shouldPrefetch('/login', [storage([])])).toBe(true);
    expect(shouldPrefetch('/ar/login/', [storage([])])).toBe(true);
  });

  it('leaves a signed-out visitor of the landing or a booking page alone', () => {
    expect(shouldPrefetch('/', [storage(['language']), storage([])])).toBe(false);
    expect(shouldPrefetch('/ar', [null, null])).toBe(false);
    expect(shouldPrefetch('/org/demo/units/1', [storage([])])).toBe(false);
  });
});
