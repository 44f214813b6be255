/**
 * The auth settings, read from `supabase/config.toml` with the Supabase CLI's field names and
 * the values the CLI (not bare GoTrue) uses when a field is absent.
 */
import { normalizePhone } from './validate';

export interface AuthConfig {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  jwtIssuer: string;
  enableSignup: boolean;
  enableAnonymousSignIns: boolean;
  enableRefreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  minimumPasswordLength: number;
  /** [auth.sessions]: seconds a session may live / stay unused before refresh fails (0 = forever). */
  sessionTimebox: number;
  sessionInactivityTimeout: number;
  passwordRequirements: '' | 'letters_digits' | 'lower_upper_letters_digits' | 'lower_upper_letters_digits_symbols';
  email: {
    enableSignup: boolean;
    autoconfirm: boolean;
    doubleConfirmChanges: boolean;
    securePasswordChange: boolean;
    maxFrequency: number;
    otpLength: number;
    otpExpiry: number;
    smtpEnabled: boolean;
  };
  sms: {
    enableSignup: boolean;
    autoconfirm: boolean;
    maxFrequency: number;
    otpLength: number;
    otpExpiry: number;
    template: string;
    /** Normalised phone (digits only) → fixed code. */
    testOtp: Map<string, string>;
    testOtpValidUntil: number | null;
    /** Name of an enabled real provider section ([auth.sms.twilio] …), if any. */
    provider: string | null;
  };
  mfa: {
    maxEnrolledFactors: number;
    totpEnroll: boolean;
    totpVerify: boolean;
    phoneEnroll: boolean;
    phoneVerify: boolean;
    phoneOtpLength: number;
    phoneTemplate: string;
    phoneMaxFrequency: number;
  };
  rateLimit: {
    emailSent: number;
    smsSent: number;
    anonymousUsers: number;
    tokenRefresh: number;
    signInSignUps: number;
    tokenVerifications: number;
  };
  /** Enabled external OAuth providers by name (they are listed in /settings; flows are unsupported locally). */
  external: Record<string, boolean>;
}

type Table = Record<string, unknown>;

const table = (v: unknown): Table => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Table) : {});
const bool = (v: unknown, d: boolean): boolean => (typeof v === 'boolean' ? v : d);
const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const str = (v: unknown, d: string): string => (typeof v === 'string' ? v : d);

/** Go-style durations as the CLI accepts them: "5s", "1m30s", "1h"; a bare number means seconds. */
export function parseDuration(v: unknown, fallbackSeconds: number): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || v.trim() === '') return fallbackSeconds;
  const units: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };
  let total = 0;
  let matched = '';
  for (const m of v.trim().matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(m[1]) * (units[m[2]!] ?? 0);
    matched += m[0];
  }
  if (matched !== v.trim()) throw new Error(`config.toml: invalid duration "${v}"`);
  return total;
}

const SMS_PROVIDERS = ['twilio', 'twilio_verify', 'messagebird', 'textlocal', 'vonage'];

export function readAuthConfig(config: Record<string, unknown>, apiUrl: string): AuthConfig {
  const auth = table(config.auth);
  const email = table(auth.email);
  const sms = table(auth.sms);
  const mfa = table(auth.mfa);
  const rate = table(auth.rate_limit);
  const sessions = table(auth.sessions);
  const testOtp = new Map<string, string>();
  for (const [phone, code] of Object.entries(table(sms.test_otp))) {
    testOtp.set(normalizePhone(phone), String(code));
  }
  const validUntil = sms.test_otp_valid_until ?? auth.test_otp_valid_until;
  const smtpEnabled = bool(table(email.smtp).enabled, false);
  const external: Record<string, boolean> = {};
  for (const [name, section] of Object.entries(table(auth.external)))
    external[name] = bool(table(section).enabled, false);
  return {
    siteUrl: str(auth.site_url, 'http://127.0.0.1:3000'),
    additionalRedirectUrls: Array.isArray(auth.additional_redirect_urls)
      ? auth.additional_redirect_urls.map(String)
      : [],
    jwtExpiry: num(auth.jwt_expiry, 3600),
    jwtIssuer: str(auth.jwt_issuer, '') || `${apiUrl}/auth/v1`,
    enableSignup: bool(auth.enable_signup, true),
    enableAnonymousSignIns: bool(auth.enable_anonymous_sign_ins, false),
    enableRefreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
    refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
    minimumPasswordLength: num(auth.minimum_password_length, 6),
    sessionTimebox: parseDuration(sessions.timebox, 0),
    sessionInactivityTimeout: parseDuration(sessions.inactivity_timeout, 0),
    passwordRequirements: str(auth.password_requirements, '') as AuthConfig['passwordRequirements'],
    email: {
      enableSignup: bool(email.enable_signup, true),
      autoconfirm: !bool(email.enable_confirmations, false),
      doubleConfirmChanges: bool(email.double_confirm_changes, true),
      securePasswordChange: bool(email.secure_password_change, false),
      maxFrequency: parseDuration(email.max_frequency, 1),
      otpLength: num(email.otp_length, 6),
      otpExpiry: num(email.otp_expiry, 3600),
      smtpEnabled,
    },
    sms: {
      enableSignup: bool(sms.enable_signup, false),
      autoconfirm: !bool(sms.enable_confirmations, false),
      maxFrequency: parseDuration(sms.max_frequency, 5),
      otpLength: num(sms.otp_length, 6),
      // GoTrue's own default and a hosted project's (SMS_OTP_EXP = 60 s), not the CLI's
      // hard-coded 6000 s: a code that lives 100 minutes leaves that long to guess or reuse it.
      // The app's resend button unlocks after 60 s too, so a late code is simply sent again.
      otpExpiry: num(sms.otp_expiry, 60),
      template: str(sms.template, 'Your code is {{ .Code }}'),
      testOtp,
      testOtpValidUntil:
        validUntil instanceof Date
          ? validUntil.getTime()
          : typeof validUntil === 'string'
            ? Date.parse(validUntil)
            : null,
      provider: SMS_PROVIDERS.find((p) => bool(table(sms[p]).enabled, false)) ?? null,
    },
    mfa: {
      maxEnrolledFactors: num(mfa.max_enrolled_factors, 10),
      totpEnroll: bool(table(mfa.totp).enroll_enabled, false),
      totpVerify: bool(table(mfa.totp).verify_enabled, false),
      phoneEnroll: bool(table(mfa.phone).enroll_enabled, false),
      phoneVerify: bool(table(mfa.phone).verify_enabled, false),
      phoneOtpLength: num(table(mfa.phone).otp_length, 6),
      phoneTemplate: str(table(mfa.phone).template, 'Your code is {{ .Code }}'),
      phoneMaxFrequency: parseDuration(table(mfa.phone).max_frequency, 5),
    },
    rateLimit: {
      // The CLI applies email_sent only with [auth.email.smtp] enabled (start.go); else 360000/h.
      emailSent: smtpEnabled ? num(rate.email_sent, 2) : 360000,
      smsSent: num(rate.sms_sent, 30),
      anonymousUsers: num(rate.anonymous_users, 30),
      tokenRefresh: num(rate.token_refresh, 150),
      signInSignUps: num(rate.sign_in_sign_ups, 30),
      tokenVerifications: num(rate.token_verifications, 30),
    },
    external,
  };
}
