import { describe, expect, it } from 'vitest';
import { lockAccountSchema } from './integration-schema';

describe('lockAccountSchema', () => {
  const blank = { username: 'host', password: '', client_id: '', client_secret: '' };
  it('needs every secret while none is stored', () => {
    const result = lockAccountSchema(false).safeParse(blank);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(['client_id', 'client_secret', 'password']);
  });
  it('keeps stored secrets when left blank, but always needs the username', () => {
    expect(lockAccountSchema(true).safeParse(blank).success).toBe(true);
    expect(lockAccountSchema(true).safeParse({ ...blank, username: '  ' }).success).toBe(false);
  });
});
