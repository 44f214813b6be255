/** POST /signup (email, phone, anonymous) and POST /token (password, refresh_token, pkce). */
import {
  confirmEmail,
  confirmPhone,
  consumeAuthCode,
  createFlowState,
  createUserWithIdentity,
  isPkce,
  validatePkceParams,
} from './account';
import type { AuthContext, RequestInfo } from './context';
import { badRequest, unprocessable, OAuthError } from './errors';
import { json, obj, readJson, str } from './http';
import { resolveRedirect } from './redirect';
import { prepareEmailOtp, sendPhoneOtp } from './send';
import { issueSession, refreshTokenGrant } from './sessions';
import {
  checkPassword,
  findUserByEmail,
  findUserByPhone,
  getUser,
  hashPassword,
  insertUser,
  isBanned,
  userJson,
} from './store';
import { checkPasswordStrength, validateEmail, validatePhone } from './validate';

export async function postSignup(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  const body = await readJson(info.req);
  const data = obj(body.data) ?? {};
  if (!body.email && !body.phone) return signupAnonymously(ctx, info, data);
  ctx.limiter.check('signup', info.ip);
  if (!ctx.cfg.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  if (body.email && body.phone)
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.');
  validatePkceParams(body.code_challenge, body.code_challenge_method);
  const password = str(body.password);
  if (!password) throw unprocessable('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password, ctx.cfg);
  const provider = body.email ? 'email' : 'phone';
  if (provider === 'email' && !ctx.cfg.email.enableSignup)
    throw badRequest('email_provider_disabled', 'Email signups are disabled');
  if (provider === 'phone' && !ctx.cfg.sms.enableSignup)
    throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const email = provider === 'email' ? validateEmail(body.email) : undefined;
  const phone = provider === 'phone' ? validatePhone(body.phone) : undefined;
  const result = await ctx.db.transaction(async (tx) => {
    let user = email ? await findUserByEmail(tx, email) : await findUserByPhone(tx, phone!);
    if (user) {
      const confirmed = email ? user.email_confirmed_at : user.phone_confirmed_at;
      if (confirmed) {
        if (ctx.cfg.email.autoconfirm || ctx.cfg.sms.autoconfirm)
          throw unprocessable('user_already_exists', 'User already registered');
        // Confirmations on: an obfuscated fake user, so sign-up does not reveal existing accounts.
        const now = new Date().toISOString();
        return {
          user: {
            id: crypto.randomUUID(),
            aud: 'authenticated',
            role: '',
            email: email ?? '',
            phone: phone ?? '',
            confirmation_sent_at: now,
            app_metadata: { provider, providers: [provider] },
            user_metadata: data,
            identities: [],
            created_at: now,
            updated_at: now,
            is_anonymous: false,
          },
        };
      }
    } else {
      const hash = await hashPassword(tx, await ctx.cryptFn(tx), password);
      user = await createUserWithIdentity(tx, { provider, email, phone, encryptedPassword: hash, data });
    }
    if (email) {
      if (ctx.cfg.email.autoconfirm) user = await confirmEmail(tx, user);
      else {
        if (isPkce(body.code_challenge)) {
          await createFlowState(
            tx,
            user.id,
            'email/signup',
            'email',
            str(body.code_challenge),
            str(body.code_challenge_method),
          );
        }
        const redirectTo = resolveRedirect(ctx.cfg, info.url.searchParams.get('redirect_to'));
        await prepareEmailOtp(ctx, tx, info, user, 'signup', { to: email, redirectTo, send: true });
      }
    } else if (ctx.cfg.sms.autoconfirm) user = await confirmPhone(tx, user);
    else await sendPhoneOtp(ctx, tx, info, user, phone!, 'confirmation');
    if (user.email_confirmed_at || user.phone_confirmed_at)
      return { session: await issueSession(ctx, tx, info, user, 'password') };
    return { user: await userJson(tx, (await getUser(tx, user.id))!) };
  });
  return json('session' in result ? result.session : result.user);
}

async function signupAnonymously(
  ctx: AuthContext,
  info: RequestInfo,
  data: Record<string, unknown>,
): Promise<Response> {
  if (!ctx.cfg.enableAnonymousSignIns)
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  ctx.limiter.check('anonymous', info.ip);
  if (!ctx.cfg.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const session = await ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, { isAnonymous: true, userMetadata: data, appMetadata: {} });
    return issueSession(ctx, tx, info, user, 'anonymous');
  });
  return json(session);
}

export async function postToken(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  const grantType = info.url.searchParams.get('grant_type') ?? '';
  ctx.limiter.check('token', info.ip);
  const body = await readJson(info.req);
  switch (grantType) {
    case 'password':
      return json(await passwordGrant(ctx, info, body));
    case 'refresh_token': {
      const token = str(body.refresh_token);
      if (!token) throw new OAuthError('invalid_request', 'refresh_token required');
      return json(await refreshTokenGrant(ctx, token));
    }
    case 'pkce': {
      const authCode = str(body.auth_code);
      const verifier = str(body.code_verifier);
      if (!authCode || !verifier)
        throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
      return json(
        await ctx.db.transaction(async (tx) => {
          const { user, method } = await consumeAuthCode(tx, authCode, verifier);
          return issueSession(ctx, tx, info, user, method);
        }),
      );
    }
    case 'id_token':
      throw badRequest(
        'provider_disabled',
        'Sign in with an ID token (OAuth/OIDC providers) is not supported by the local stack',
      );
    case 'web3':
      throw badRequest('web3_provider_disabled', 'Web3 sign-in is not supported by the local stack');
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}

async function passwordGrant(ctx: AuthContext, info: RequestInfo, body: Record<string, unknown>) {
  const password = str(body.password);
  const email = str(body.email).trim();
  const phoneRaw = str(body.phone).trim();
  if (email && phoneRaw)
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  if (!email && !phoneRaw) throw badRequest('validation_failed', 'An email address or phone number is required');
  if (email && !ctx.cfg.email.enableSignup) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  if (phoneRaw && !ctx.cfg.sms.enableSignup)
    throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  const invalid = () => badRequest('invalid_credentials', 'Invalid login credentials');
  return ctx.db.transaction(async (tx) => {
    const user = email
      ? await findUserByEmail(tx, email.toLowerCase())
      : await findUserByPhone(tx, validatePhone(phoneRaw));
    if (!user || user.is_anonymous) throw invalid();
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    if (!(await checkPassword(tx, await ctx.cryptFn(tx), password, user.encrypted_password))) throw invalid();
    if (email && !user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
    if (phoneRaw && !user.phone_confirmed_at) throw badRequest('phone_not_confirmed', 'Phone not confirmed');
    const session = await issueSession(ctx, tx, info, user, 'password');
    try {
      checkPasswordStrength(password, ctx.cfg);
      return session;
    } catch (err) {
      // GoTrue signs in with a now-too-weak password but reports it.
      const weak = err as { extra?: { weak_password?: { reasons: string[] } }; message: string };
      return {
        ...session,
        weak_password: { reasons: weak.extra?.weak_password?.reasons ?? [], message: weak.message },
      };
    }
  });
}
