import { describe, expect, it } from 'vitest';
import { apiKeyNameSchema } from './api-key-schema';

describe('apiKeyNameSchema', () => {
  it('asks for a name: empty and blank are refused with the SPEC message key', () => {
    for (const name of ['', '   ', '\t']) {
      const result = apiKeyNameSchema.safeParse({ name });
      expect(result.error?.issues[0]?.message).toBe('settings:security.api_keys.errors.name_required');
    }
  });

  it('trims, and allows up to 100 characters as the database does', () => {
    expect(apiKeyNameSchema.parse({ name: '  Channel manager ' })).toEqual({ name: 'Channel manager' });
    expect(apiKeyNameSchema.safeParse({ name: 'م'.repeat(100) }).success).toBe(true);
    expect(apiKeyNameSchema.safeParse({ name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
      'settings:security.api_keys.errors.name_too_long',
    );
  });
});
