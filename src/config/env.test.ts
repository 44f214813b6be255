import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('accepts a complete environment', () => {
    expect(parseEnv({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_SUPABASE_ANON_KEY: 'x'.repeat(40) })).toEqual({
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: 'x'.repeat(40),
    });
  });

  it('lists every missing or wrong variable with a hint', () => {
    let caught: unknown;
    try {
      parseEnv({ VITE_SUPABASE_URL: 'not a url' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const { problems, message } = caught as EnvError;
    expect(problems).toHaveLength(2);
    expect(message).toContain('VITE_SUPABASE_URL must be the API URL');
    expect(message).toContain('VITE_SUPABASE_ANON_KEY is missing');
    expect(message).toContain('.env.example');
  });

  it('says when the key is too short', () => {
    expect(() => parseEnv({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'short' })).toThrow(
      'VITE_SUPABASE_ANON_KEY looks too short',
    );
  });
});
