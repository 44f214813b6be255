import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { allResources } from './i18n-resources';

// Lazy route chunks are compiled on first import; on a busy 2-core machine that can take seconds.
configure({ asyncUtilTimeout: 8000 });

// Values the build injects (vite.config.ts `define`, .env): fixed here so tests are deterministic.
(globalThis as unknown as { __APP_VERSION__: string }).__APP_VERSION__ = '0.0.0-test';
vi.stubEnv('VITE_SUPABASE_URL', 'http://127.0.0.1:54399');
vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'test-anon-key-that-is-long-enough-to-pass');

/**
 * Every key a component asks for and no translation has: a raw key on screen is a bug, so a
 * test that renders one fails (afterEach below), in either language.
 */
export const missingKeys: string[] = [];

beforeAll(async () => {
  const { initI18n } = await import('@/lib/i18n');
  await initI18n({
    language: 'en',
    resources: allResources,
    onMissingKey: (language, namespace, key) => missingKeys.push(`${language}/${namespace}:${key}`),
  });
});

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (missingKeys.length > 0) {
    const found = missingKeys.splice(0);
    throw new Error(`Rendered raw i18n keys (no translation): ${found.join(', ')}`);
  }
});
