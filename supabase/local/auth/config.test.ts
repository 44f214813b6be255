import { describe, expect, it } from 'vitest';
import { parseDuration, readAuthConfig } from './config';
import { RateLimiter, limitSpecs } from './rate-limit';
import { isRedirectAllowed } from './redirect';

describe('readAuthConfig', () => {
  it("uses the CLI defaults for an empty config (SMS code lifetime: GoTrue's 60 s, not the CLI's 6000 s)", () => {
    const cfg = readAuthConfig({}, 'http://127.0.0.1:54321');
    expect(cfg.jwtIssuer).toBe('http://127.0.0.1:54321/auth/v1');
    expect(cfg.email.autoconfirm).toBe(true);
    expect(cfg.sms.enableSignup).toBe(false);
    expect(cfg.sms.maxFrequency).toBe(5);
    expect(cfg.sms.otpExpiry).toBe(60);
    expect(cfg.rateLimit.emailSent).toBe(360000);
  });

  it('normalises test OTP numbers like GoTrue and finds enabled providers', () => {
    const cfg = readAuthConfig(
      {
        auth: { sms: { test_otp: { '+966 50 000 0000': '123456', 4152127777: '000000' }, twilio: { enabled: true } } },
      },
      'http://x',
    );
    expect(Object.fromEntries(cfg.sms.testOtp)).toEqual({ '966500000000': '123456', '4152127777': '000000' });
    expect(cfg.sms.provider).toBe('twilio');
  });

  it('parses Go durations', () => {
    expect(parseDuration('5s', 0)).toBe(5);
    expect(parseDuration('1m30s', 0)).toBe(90);
    expect(parseDuration('24h', 0)).toBe(86400);
    expect(parseDuration(undefined, 7)).toBe(7);
    expect(() => parseDuration('soon', 0)).toThrow(/invalid duration/);
  });
});

describe('RateLimiter', () => {
  it('allows the burst, then refills at the configured rate', () => {
    let now = 0;
    const limiter = new RateLimiter(
      limitSpecs({
        emailSent: 2,
        smsSent: 30,
        anonymousUsers: 30,
        tokenRefresh: 150,
        signInSignUps: 30,
        tokenVerifications: 30,
      }),
      () => now,
    );
    for (let i = 0; i < 30; i++) expect(limiter.allow('otp', '1.1.1.1')).toBe(true);
    expect(limiter.allow('otp', '1.1.1.1')).toBe(false);
    expect(limiter.allow('otp', '2.2.2.2')).toBe(true);
    now += 10_000; // 30 per 300 s → one token every 10 s
    expect(limiter.allow('otp', '1.1.1.1')).toBe(true);
    expect(limiter.allow('otp', '1.1.1.1')).toBe(false);
  });
});

describe('isRedirectAllowed', () => {
  const cfg = readAuthConfig(
    { auth: { site_url: 'http://127.0.0.1:5173', additional_redirect_urls: ['https://app.example.com/**'] } },
    'http://x',
  );
  it('allows the site host and listed patterns only', () => {
    expect(isRedirectAllowed(cfg, 'http://127.0.0.1:4173/auth/callback')).toBe(true);
    expect(isRedirectAllowed(cfg, 'https://app.example.com/a/b')).toBe(true);
    expect(isRedirectAllowed(cfg, 'https://evil.example.com/')).toBe(false);
    expect(isRedirectAllowed(cfg, 'not a url')).toBe(false);
  });
});
