// TTLock's errcodes as the app's stable error codes (4xx for what the user can act on; 502 when
// TTLock cannot be reached or fails in a way the user cannot fix). The app shows its own text
// for each code in the user's language (src/locales/<lang>/locks.json, errors.*).
import { TtlockError } from './ttlock.ts';

export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const BY_ERRCODE: Record<number, [number, string, string]> = {
  // Token requests: wrong client id/secret, wrong account or password, refresh token refused.
  10000: [422, 'lock_account_rejected', 'TTLock did not accept the client id.'],
  10001: [422, 'lock_account_rejected', 'TTLock did not accept the client id or secret.'],
  10007: [422, 'lock_account_rejected', 'TTLock did not accept the lock account username or password.'],
  10011: [422, 'lock_account_rejected', 'TTLock did not accept the refresh token.'],
  // Still refused after a fresh token.
  10003: [422, 'lock_account_rejected', 'TTLock did not accept the access token.'],
  10004: [422, 'lock_account_rejected', 'TTLock did not accept the access token.'],
  [-1003]: [404, 'lock_not_found', 'This lock id is not among the locks of the lock account.'],
  [-2012]: [
    409,
    'lock_no_gateway',
    'This lock has no gateway and no Wi-Fi, so codes cannot be sent to it remotely. Connect a gateway in the TTLock app.',
  ],
  [-3009]: [409, 'lock_passcodes_full', 'The lock is full (250 codes). Delete old codes first.'],
  [-3007]: [409, 'passcode_exists', 'This code already exists on the lock. Choose another code.'],
  [-3008]: [409, 'passcode_period_taken', 'Another code on this lock has the same start and end. Change the times.'],
  [-3]: [422, 'lock_request_invalid', 'TTLock refused the request as invalid.'],
  30006: [429, 'lock_rate_limited', 'TTLock is receiving too many requests. Try again in a minute.'],
  90000: [429, 'lock_rate_limited', 'TTLock is receiving too many requests. Try again in a minute.'],
};

/** The Problem a TTLock failure becomes. */
export function problemOf(error: TtlockError): Problem {
  const known = BY_ERRCODE[error.errcode];
  if (known) return new Problem(known[0], known[1], known[2]);
  if (error.errcode === -1)
    return new Problem(502, 'lock_provider_unavailable', 'TTLock could not be reached. Try again.');
  return new Problem(502, 'lock_provider_error', `TTLock refused the request (${error.errcode}: ${error.message}).`);
}
