/** GET /user, PUT /user, GET /reauthenticate, POST /logout (GoTrue user.go, reauthenticate.go, logout.go). */
import type { Sql } from '../types';
import { createFlowState, ensureIdentity, isPkce, validatePkceParams } from './account';
import type { AuthContext, RequestInfo } from './context';
import { AuthError, badRequest, forbidden, unprocessable } from './errors';
import { json, noContent, obj, readJson, str } from './http';
import { resolveRedirect } from './redirect';
import { clearOneTimeTokens, prepareEmailOtp, sendPhoneOtp, tokenHash } from './send';
import { authenticate, logout, type Authenticated } from './sessions';
import { checkPassword, getUser, hashPassword, mergeMetadata, updateUser, userJson, type UserRow } from './store';
import { checkPasswordStrength, validateEmail, validatePhone } from './validate';

export async function getUserEndpoint(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  return json(
    await ctx.db.transaction(async (tx) => {
      const { user } = await authenticate(ctx, tx, info);
      return userJson(tx, user);
    }),
  );
}

async function hasVerifiedFactor(tx: Sql, userId: string): Promise<boolean> {
  const { rows } = await tx.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [
    userId,
  ]);
  return rows.length > 0;
}

async function verifyNonce(ctx: AuthContext, user: UserRow, nonce: string): Promise<void> {
  const invalid = () => unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
  if (!user.reauthentication_token || !user.reauthentication_sent_at) throw invalid();
  const subject = user.email || user.phone;
  if (!subject)
    throw unprocessable('reauthentication_not_valid', 'Reauthentication requires an email or a phone number');
  const expiry = user.email ? ctx.cfg.email.otpExpiry : ctx.cfg.sms.otpExpiry;
  const fresh = new Date(user.reauthentication_sent_at).getTime() + expiry * 1000 > Date.now();
  if (!fresh || tokenHash(subject, nonce) !== user.reauthentication_token) throw invalid();
}

export async function putUser(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  ctx.limiter.check('user', info.ip);
  const body = await readJson(info.req);
  validatePkceParams(body.code_challenge, body.code_challenge_method);
  const result = await ctx.db.transaction(async (tx) => {
    const auth = await authenticate(ctx, tx, info);
    let user = auth.user;
    if (body.app_metadata !== undefined)
      throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    const email = str(body.email) ? validateEmail(body.email) : '';
    const phone = str(body.phone) ? validatePhone(body.phone) : '';
    const password = typeof body.password === 'string' ? body.password : null;
    const changesEmail = !!email && email !== (user.email ?? '');
    const changesPhone = !!phone && phone !== (user.phone ?? '');
    if (
      (password || changesEmail || changesPhone) &&
      auth.session?.aal !== 'aal2' &&
      (await hasVerifiedFactor(tx, user.id))
    ) {
      throw new AuthError(
        401,
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      );
    }
    if (user.is_anonymous && password && !email && !phone) {
      throw unprocessable(
        'validation_failed',
        'Updating password of an anonymous user without an email or phone is not allowed',
      );
    }
    if (changesEmail) {
      const { rows } = await tx.query(
        'select 1 from auth.users where lower(email) = $1 and id <> $2 and is_sso_user = false',
        [email, user.id],
      );
      if (rows.length)
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    if (changesPhone) {
      const { rows } = await tx.query('select 1 from auth.users where phone = $1 and id <> $2', [phone, user.id]);
      if (rows.length) throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
    }
    if (password !== null) {
      const sessionAge = auth.session ? Date.now() - new Date(auth.session.created_at).getTime() : Infinity;
      if (ctx.cfg.email.securePasswordChange && sessionAge > 24 * 3600 * 1000) {
        const nonce = str(body.nonce);
        if (!nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
        await verifyNonce(ctx, user, nonce);
      }
      if (password) {
        checkPasswordStrength(password, ctx.cfg);
        const fn = await ctx.cryptFn(tx);
        if (await checkPassword(tx, fn, password, user.encrypted_password)) {
          throw unprocessable('same_password', 'New password should be different from the old password.');
        }
      }
      const hash = password ? await hashPassword(tx, await ctx.cryptFn(tx), password) : '';
      user = await updateUser(tx, user.id, {
        encrypted_password: hash,
        confirmation_token: '',
        confirmation_sent_at: null,
        recovery_token: '',
        recovery_sent_at: null,
        email_change_token_current: '',
        email_change_token_new: '',
        email_change_sent_at: null,
        phone_change_token: '',
        phone_change_sent_at: null,
        reauthentication_token: '',
        reauthentication_sent_at: null,
      });
      await clearOneTimeTokens(tx, user.id);
      // A new password ends every other session (models.User.UpdatePassword).
      if (auth.session)
        await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, auth.session.id]);
      else await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    }
    const data = obj(body.data);
    if (data)
      user = await updateUser(tx, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data) });
    if (changesEmail) user = await changeEmail(ctx, tx, info, user, email, body);
    if (changesPhone) {
      if (ctx.cfg.sms.autoconfirm) {
        user = await updateUser(tx, user.id, {
          phone,
          phone_change: '',
          phone_change_token: '',
          phone_confirmed_at: new Date(),
        });
        user = await ensureIdentity(tx, user, 'phone');
      } else {
        await sendPhoneOtp(ctx, tx, info, user, phone, 'phone_change');
      }
    }
    return userJson(tx, (await getUser(tx, user.id))!);
  });
  return json(result);
}

async function changeEmail(
  ctx: AuthContext,
  tx: Sql,
  info: RequestInfo,
  user: UserRow,
  email: string,
  body: Record<string, unknown>,
): Promise<UserRow> {
  if (user.is_anonymous && ctx.cfg.email.autoconfirm) {
    // An anonymous user becomes permanent at once when e-mail confirmations are off.
    const u = await updateUser(tx, user.id, { email, email_confirmed_at: new Date(), email_change: '' });
    return ensureIdentity(tx, u, 'email');
  }
  if (isPkce(body.code_challenge)) {
    await createFlowState(
      tx,
      user.id,
      'email_change',
      'email_change',
      str(body.code_challenge),
      str(body.code_challenge_method),
    );
  }
  const redirectTo = resolveRedirect(ctx.cfg, info.url.searchParams.get('redirect_to'));
  let u = await updateUser(tx, user.id, { email_change: email, email_change_confirm_status: 0 });
  await prepareEmailOtp(ctx, tx, info, u, 'email_change', { to: email, redirectTo, send: true });
  if (ctx.cfg.email.doubleConfirmChanges && u.email) {
    u = (await getUser(tx, u.id))!;
    await prepareEmailOtp(ctx, tx, info, u, 'email_change', {
      to: u.email!,
      redirectTo,
      send: true,
      column: 'email_change_token_current',
    });
  }
  return (await getUser(tx, u.id))!;
}

export async function getReauthenticate(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  const out = await ctx.db.transaction(async (tx) => {
    const { user } = await authenticate(ctx, tx, info);
    if (!user.email && !user.phone) {
      throw unprocessable(
        'reauthentication_not_valid',
        'Reauthentication requires the user to have an email or a phone number',
      );
    }
    if (user.email) {
      if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
      await prepareEmailOtp(ctx, tx, info, user, 'reauthentication', {
        to: user.email,
        redirectTo: ctx.cfg.siteUrl,
        send: true,
      });
      return {};
    }
    if (!user.phone_confirmed_at) throw unprocessable('phone_not_confirmed', 'Please verify your phone first.');
    return { message_id: await sendPhoneOtp(ctx, tx, info, user, user.phone!, 'reauthentication') };
  });
  return json(out);
}

export async function postLogout(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  const scope = info.url.searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  await ctx.db.transaction(async (tx) => {
    const auth: Authenticated = await authenticate(ctx, tx, info);
    await logout(tx, auth, scope);
  });
  return noContent();
}
