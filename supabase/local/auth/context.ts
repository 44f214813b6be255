/** What every endpoint handler gets: the stack's pieces, the parsed config and the request. */
import type { Database, Outbox, StackKeys, Sql } from '../types';
import type { AuthConfig } from './config';
import type { OtpAttempts } from './otp-attempts';
import type { RateLimiter } from './rate-limit';

export interface AuthContext {
  db: Database;
  keys: StackKeys;
  cfg: AuthConfig;
  apiUrl: string;
  outbox: Outbox;
  limiter: RateLimiter;
  /** Wrong one-time codes per code and per phone/e-mail (otp-attempts.ts). */
  otpAttempts: OtpAttempts;
  /** Schema-qualified name of pgcrypto's crypt(), e.g. `extensions.crypt`. */
  cryptFn(tx: Sql): Promise<{ crypt: string; genSalt: string }>;
}

export interface RequestInfo {
  req: Request;
  url: URL;
  ip: string;
  userAgent: string | null;
  apikeyRole: 'anon' | 'service_role' | null;
}
