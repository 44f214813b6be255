/**
 * The local auth service: GoTrue's HTTP API as auth-js v2 calls it, on the stack's database.
 * The gateway strips `/auth/v1`, so paths here are GoTrue's own (`/token`, `/user`, …).
 */
import type { Service, ServiceDeps, Sql } from '../types';
import * as admin from './admin';
import { readAuthConfig, type AuthConfig } from './config';
import type { AuthContext, RequestInfo } from './context';
import { API_VERSION_HEADER, AuthError, errorResponse, requestApiVersion } from './errors';
import { clientAddressOf, json } from './http';
import { deleteFactor, postChallenge, postFactors, postVerifyFactor } from './mfa';
import { getVerify, postOtp, postRecover, postResend, postVerify } from './otp-verify';
import { OtpAttempts } from './otp-attempts';
import { RateLimiter, limitSpecs } from './rate-limit';
import { postSignup, postToken } from './signup-token';
import { getReauthenticate, getUserEndpoint, postLogout, putUser } from './user';

function settingsJson(cfg: AuthConfig) {
  const external: Record<string, boolean> = {
    anonymous_users: cfg.enableAnonymousSignIns,
    apple: false,
    azure: false,
    bitbucket: false,
    discord: false,
    facebook: false,
    figma: false,
    fly: false,
    github: false,
    gitlab: false,
    google: false,
    keycloak: false,
    kakao: false,
    linkedin: false,
    linkedin_oidc: false,
    notion: false,
    spotify: false,
    slack: false,
    slack_oidc: false,
    workos: false,
    twitch: false,
    twitter: false,
    x: false,
    zoom: false,
    ...cfg.external,
    email: cfg.email.enableSignup,
    phone: cfg.sms.enableSignup,
  };
  return {
    external,
    disable_signup: !cfg.enableSignup,
    mailer_autoconfirm: cfg.email.autoconfirm,
    phone_autoconfirm: cfg.sms.autoconfirm,
    sms_provider: cfg.sms.provider ?? '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

async function unsupportedProvider(): Promise<Response> {
  throw new AuthError(
    400,
    'validation_failed',
    'Unsupported provider: OAuth providers are not available in the local stack',
  );
}

async function manualLinkingDisabled(): Promise<Response> {
  throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
}

type Handler = (ctx: AuthContext, info: RequestInfo, params: string[]) => Promise<Response>;

interface Route {
  method: string;
  pattern: RegExp;
  admin?: boolean;
  handler: Handler;
}

const ID = '([^/]+)';
const routes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/health$/,
    handler: async () =>
      json({
        version: 'nuzl-local',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      }),
  },
  { method: 'GET', pattern: /^\/settings$/, handler: async (ctx) => json(settingsJson(ctx.cfg)) },
  {
    method: 'GET',
    pattern: /^\/\.well-known\/jwks\.json$/,
    handler: async (ctx) => json(ctx.keys.jwks, 200, { 'cache-control': 'public, max-age=600' }),
  },
  { method: 'POST', pattern: /^\/signup$/, handler: postSignup },
  { method: 'POST', pattern: /^\/token$/, handler: postToken },
  { method: 'POST', pattern: /^\/otp$/, handler: postOtp },
  { method: 'POST', pattern: /^\/magiclink$/, handler: postOtp },
  { method: 'POST', pattern: /^\/verify$/, handler: postVerify },
  { method: 'GET', pattern: /^\/verify$/, handler: getVerify },
  { method: 'POST', pattern: /^\/resend$/, handler: postResend },
  { method: 'POST', pattern: /^\/recover$/, handler: postRecover },
  { method: 'GET', pattern: /^\/user$/, handler: getUserEndpoint },
  { method: 'PUT', pattern: /^\/user$/, handler: putUser },
  { method: 'GET', pattern: /^\/reauthenticate$/, handler: getReauthenticate },
  { method: 'POST', pattern: /^\/logout$/, handler: postLogout },
  { method: 'POST', pattern: /^\/factors$/, handler: postFactors },
  {
    method: 'POST',
    pattern: new RegExp(`^/factors/${ID}/challenge$`),
    handler: (c, i, p) => postChallenge(c, i, p[0]!),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/factors/${ID}/verify$`),
    handler: (c, i, p) => postVerifyFactor(c, i, p[0]!),
  },
  { method: 'DELETE', pattern: new RegExp(`^/factors/${ID}$`), handler: (c, i, p) => deleteFactor(c, i, p[0]!) },
  // OAuth/OIDC sign-in and identity linking need external providers; refuse them as GoTrue does when disabled.
  { method: 'GET', pattern: /^\/(authorize|callback)$/, handler: unsupportedProvider },
  { method: 'POST', pattern: /^\/callback$/, handler: unsupportedProvider },
  { method: 'GET', pattern: /^\/user\/identities\/authorize$/, handler: manualLinkingDisabled },
  { method: 'DELETE', pattern: new RegExp(`^/user/identities/${ID}$`), handler: manualLinkingDisabled },
  { method: 'POST', pattern: /^\/invite$/, admin: true, handler: admin.postInvite },
  { method: 'POST', pattern: /^\/admin\/generate_link$/, admin: true, handler: admin.generateLink },
  { method: 'GET', pattern: /^\/admin\/users$/, admin: true, handler: admin.listUsers },
  { method: 'POST', pattern: /^\/admin\/users$/, admin: true, handler: admin.createUser },
  {
    method: 'GET',
    pattern: new RegExp(`^/admin/users/${ID}/factors$`),
    admin: true,
    handler: (c, _i, p) => admin.listUserFactors(c, p[0]!),
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/admin/users/${ID}/factors/${ID}$`),
    admin: true,
    handler: (c, _i, p) => admin.deleteUserFactor(c, p[0]!, p[1]!),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/admin/users/${ID}$`),
    admin: true,
    handler: (c, _i, p) => admin.getUserById(c, p[0]!),
  },
  {
    method: 'PUT',
    pattern: new RegExp(`^/admin/users/${ID}$`),
    admin: true,
    handler: (c, i, p) => admin.updateUserById(c, i, p[0]!),
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/admin/users/${ID}$`),
    admin: true,
    handler: (c, i, p) => admin.deleteUser(c, i, p[0]!),
  },
];

/** Finds pgcrypto's crypt()/gen_salt() wherever the baseline installed it (Supabase: schema `extensions`). */
async function findCrypt(tx: Sql): Promise<{ crypt: string; genSalt: string }> {
  const { rows } = await tx.query<{ nspname: string }>(
    `select n.nspname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where p.proname = 'gen_salt' order by (n.nspname = 'extensions') desc limit 1`,
  );
  const schema = rows[0]?.nspname;
  if (!schema) throw new Error('pgcrypto is not installed: the auth service hashes passwords with crypt()/gen_salt()');
  const q = `"${schema.replace(/"/g, '""')}"`;
  return { crypt: `${q}.crypt`, genSalt: `${q}.gen_salt` };
}

export function createAuthService(deps: ServiceDeps): Service {
  const authSection = deps.config.auth as { enabled?: unknown } | undefined;
  if (authSection?.enabled === false) {
    // `[auth] enabled = false`: the CLI starts no auth container; say so instead of a bare 404.
    return {
      async handle() {
        return json(
          { code: 'service_unavailable', message: 'Auth is disabled in supabase/config.toml ([auth] enabled = false)' },
          503,
        );
      },
    };
  }
  const cfg = readAuthConfig(deps.config, deps.apiUrl);
  let crypt: Promise<{ crypt: string; genSalt: string }> | null = null;
  const ctx: AuthContext = {
    db: deps.db,
    keys: deps.keys,
    cfg,
    apiUrl: deps.apiUrl,
    outbox: deps.outbox,
    limiter: new RateLimiter(limitSpecs(cfg.rateLimit)),
    otpAttempts: new OtpAttempts(),
    cryptFn(tx) {
      crypt ??= findCrypt(tx).catch((err: unknown) => {
        crypt = null;
        throw err;
      });
      return crypt;
    },
  };
  return {
    async handle(req, { apikeyRole, clientAddress }) {
      const url = new URL(req.url);
      const info: RequestInfo = {
        req,
        url,
        ip: clientAddressOf(clientAddress),
        userAgent: req.headers.get('user-agent'),
        apikeyRole,
      };
      let res: Response;
      try {
        const path = url.pathname.replace(/\/+$/, '') || '/';
        let matched: Route | undefined;
        let params: string[] = [];
        let pathMatched = false;
        for (const r of routes) {
          const m = r.pattern.exec(path);
          if (!m) continue;
          pathMatched = true;
          if (r.method !== req.method) continue;
          matched = r;
          params = m.slice(1).map(decodeURIComponent);
          break;
        }
        if (!matched) {
          throw pathMatched
            ? new AuthError(405, 'method_not_allowed', 'Method not allowed')
            : new AuthError(404, 'not_found', `Not found: ${path}`);
        }
        if (matched.admin) await admin.requireAdmin(ctx, info);
        res = await matched.handler(ctx, info, params);
      } catch (err) {
        return errorResponse(err, req);
      }
      const version = requestApiVersion(req);
      if (version) res.headers.set(API_VERSION_HEADER, version);
      return res;
    },
  };
}

export { createOutbox } from './outbox';
