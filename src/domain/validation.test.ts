import { describe, expect, it } from 'vitest';
import ar from '@/locales/ar/common.json';
import en from '@/locales/en/common.json';
import { MESSAGES } from './validation';

function lookup(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);
}

describe('validation messages', () => {
  it('every message a rule gives is a common key with a text in both languages', () => {
    for (const message of Object.values(MESSAGES)) {
      expect(message).toMatch(/^common:validation\.[a-z_]+$/);
      const key = message.slice('common:'.length);
      expect(typeof lookup(en, key), `en ${key}`).toBe('string');
      expect(typeof lookup(ar, key), `ar ${key}`).toBe('string');
    }
  });
});
