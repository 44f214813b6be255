import { describe, expect, it } from 'vitest';
import { parseUrlCallback } from './url-callback';

describe('parseUrlCallback', () => {
  it('reads an implicit-grant invitation link', () => {
    expect(
      parseUrlCallback(
        'http://127.0.0.1:4173/verify#access_token=a.b.c&expires_in=3600&refresh_token=r&token_type=bearer&type=invite',
      ),
    ).toEqual({ type: 'invite', hasSession: true, tokenHash: null, error: null });
  });
  it('reads a token_hash link', () => {
    expect(parseUrlCallback('http://x/verify?token_hash=abc&type=signup')).toEqual({
      type: 'signup',
      hasSession: false,
      tokenHash: 'abc',
      error: null,
    });
  });
  it('reads error parameters (SPEC §5: fails with the error description)', () => {
    expect(
      parseUrlCallback(
        'http://x/verify#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ).error,
    ).toEqual({
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    });
  });
  it('ignores unknown types and plain addresses', () => {
    expect(parseUrlCallback('http://x/verify?type=weird')).toEqual({
      type: null,
      hasSession: false,
      tokenHash: null,
      error: null,
    });
  });
});
