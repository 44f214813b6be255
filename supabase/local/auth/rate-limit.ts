/**
 * GoTrue's limiters: token buckets per client IP (tollbooth) for the endpoint groups, and
 * global hourly counters for sent e-mails and SMS. Numbers come from [auth.rate_limit].
 */
import { tooManyRequests } from './errors';

interface Bucket {
  tokens: number;
  at: number;
}

/** GoTrue keeps one limiter per endpoint group (apilimiter.go); each has its own buckets. */
export type LimitName =
  | 'token'
  | 'verify'
  | 'otp'
  | 'signup'
  | 'recover'
  | 'resend'
  | 'user'
  | 'anonymous'
  | 'mfa_challenge'
  | 'mfa_verify'
  | 'email_sent'
  | 'sms_sent';

export interface LimitSpec {
  /** Tokens refilled per second. */
  rate: number;
  burst: number;
  /** Global (one bucket) rather than per IP. */
  global?: boolean;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly specs: Record<LimitName, LimitSpec>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token or returns false. */
  allow(name: LimitName, ip: string): boolean {
    const spec = this.specs[name];
    const key = spec.global ? name : `${name}:${ip}`;
    const t = this.now();
    // Like GoTrue's limiter entries (1 h TTL): forget idle buckets so the map cannot grow without end.
    if (this.buckets.size > 10_000) {
      for (const [k, v] of this.buckets) if (t - v.at > 3_600_000) this.buckets.delete(k);
    }
    const b = this.buckets.get(key) ?? { tokens: spec.burst, at: t };
    b.tokens = Math.min(spec.burst, b.tokens + ((t - b.at) / 1000) * spec.rate);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Throws GoTrue's 429 `over_request_rate_limit` when the IP is over the group's limit. */
  check(name: LimitName, ip: string): void {
    if (!this.allow(name, ip)) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  }
}

/** Limits as GoTrue derives them (api.go, apilimiter): `n per 5 minutes, burst 30` etc. */
export function limitSpecs(r: {
  emailSent: number;
  smsSent: number;
  anonymousUsers: number;
  tokenRefresh: number;
  signInSignUps: number;
  tokenVerifications: number;
}): Record<LimitName, LimitSpec> {
  // sign_in_sign_ups (GOTRUE_RATE_LIMIT_OTP) feeds the /otp, /signup, /recover, /resend and PUT /user limiters.
  const perFiveMinutes = (n: number): LimitSpec => ({ rate: n / 300, burst: 30 });
  return {
    token: perFiveMinutes(r.tokenRefresh),
    verify: perFiveMinutes(r.tokenVerifications),
    otp: perFiveMinutes(r.signInSignUps),
    signup: perFiveMinutes(r.signInSignUps),
    recover: perFiveMinutes(r.signInSignUps),
    resend: perFiveMinutes(r.signInSignUps),
    user: perFiveMinutes(r.signInSignUps),
    anonymous: { rate: r.anonymousUsers / 3600, burst: r.anonymousUsers },
    mfa_challenge: { rate: 15 / 60, burst: 30 },
    mfa_verify: { rate: 15 / 60, burst: 30 },
    email_sent: { rate: r.emailSent / 3600, burst: r.emailSent, global: true },
    sms_sent: { rate: r.smsSent / 3600, burst: r.smsSent, global: true },
  };
}
