/** The admin API (service role only): /admin/users…, /invite, /admin/generate_link (GoTrue admin.go, invite.go, mail.go). */
import { randomUUID } from 'node:crypto';
import { roleForApiKey, verifyJwt } from '../keys';
import type { Sql } from '../types';
import { confirmEmail, createUserWithIdentity, ensureIdentity } from './account';
import type { AuthContext, RequestInfo } from './context';
import { AuthError, badRequest, forbidden, notFound, unprocessable } from './errors';
import { bearerToken, json, obj, readJson, str, type JsonBody } from './http';
import { resolveRedirect } from './redirect';
import { prepareEmailOtp, type EmailKind } from './send';
import { parseDuration } from './config';
import {
  factorJson,
  findUserByEmail,
  getUser,
  hashPassword,
  insertIdentity,
  identityDataFor,
  insertUser,
  listFactors,
  mergeMetadata,
  updateUser,
  userJson,
  type UserRow,
} from './store';
import { checkPasswordStrength, validateEmail, validatePhone } from './validate';

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** GoTrue's requireAdmin: a bearer JWT whose role is an admin role (sb_secret_ as Kong maps it). */
export async function requireAdmin(ctx: AuthContext, info: RequestInfo): Promise<void> {
  const token = bearerToken(info.req);
  let role: string | null = null;
  if (!token || token.startsWith('sb_')) {
    role = token ? roleForApiKey(token, ctx.keys) : info.apikeyRole;
    if (!role) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  } else {
    try {
      const claims = await verifyJwt(token, ctx.keys);
      role = typeof claims.role === 'string' ? claims.role : '';
    } catch {
      throw forbidden('bad_jwt', 'invalid JWT: unable to parse or verify signature, token signature is invalid');
    }
  }
  if (!ADMIN_ROLES.has(role)) throw forbidden('not_admin', 'User not allowed');
}

const USER_NOT_FOUND = () => notFound('user_not_found', 'User not found');

async function loadUser(tx: Sql, id: string): Promise<UserRow> {
  const user = await getUser(tx, id);
  if (!user) throw USER_NOT_FOUND();
  return user;
}

function banUntil(v: unknown): Date | null | undefined {
  if (v === undefined || v === '') return undefined;
  if (v === 'none') return null;
  try {
    return new Date(Date.now() + parseDuration(v, 0) * 1000);
  } catch {
    throw badRequest('validation_failed', `invalid format for ban duration: ${String(v)}`);
  }
}

export async function listUsers(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  const q = info.url.searchParams;
  const page = Math.max(1, Number(q.get('page')) || 1);
  const perPage = Math.max(1, Number(q.get('per_page')) || 50);
  const { users, total } = await ctx.db.transaction(async (tx) => {
    const { rows: count } = await tx.query<{ n: number | string }>(
      'select count(*) as n from auth.users where deleted_at is null',
    );
    const { rows } = await tx.query<UserRow>(
      'select * from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2',
      [perPage, (page - 1) * perPage],
    );
    return { users: await Promise.all(rows.map((u) => userJson(tx, u))), total: Number(count[0]!.n) };
  });
  // Link as Go's url.Values.Encode() writes it: keys sorted, so `page` comes first (auth-js relies on it).
  const last = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number) => `</admin/users?page=${p}&per_page=${perPage}>`;
  const links = [...(page < last ? [`${link(page + 1)}; rel="next"`] : []), `${link(last)}; rel="last"`];
  return json({ users, aud: 'authenticated' }, 200, { 'x-total-count': String(total), link: links.join(', ') });
}

export async function createUser(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  const body = await readJson(info.req);
  const out = await ctx.db.transaction(async (tx) => {
    const email = str(body.email) ? validateEmail(body.email) : '';
    const phone = str(body.phone) ? validatePhone(body.phone) : '';
    if (!email && !phone)
      throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
    if (email) {
      const { rows } = await tx.query('select 1 from auth.users where lower(email) = $1 and is_sso_user = false', [
        email,
      ]);
      if (rows.length)
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    if (phone) {
      const { rows } = await tx.query('select 1 from auth.users where phone = $1', [phone]);
      if (rows.length) throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
    }
    let encrypted = '';
    if (str(body.password_hash)) encrypted = str(body.password_hash);
    else if (str(body.password)) {
      checkPasswordStrength(str(body.password), ctx.cfg);
      encrypted = await hashPassword(tx, await ctx.cryptFn(tx), str(body.password));
    }
    const providers = [...(email ? ['email'] : []), ...(phone ? ['phone'] : [])];
    const appMetadata = { provider: providers[0], providers };
    const userMetadata = obj(body.user_metadata) ?? {};
    let user = await insertUser(tx, {
      id: str(body.id) || randomUUID(),
      role: str(body.role) || 'authenticated',
      email: email || null,
      phone: phone || null,
      encryptedPassword: encrypted,
      userMetadata,
      appMetadata: { ...appMetadata, ...(obj(body.app_metadata) ?? {}) },
      emailConfirmed: body.email_confirm === true,
      phoneConfirmed: body.phone_confirm === true,
      bannedUntil: banUntil(body.ban_duration) ?? null,
    });
    for (const provider of providers) {
      // GoTrue: provider.Claims{sub, email|phone} only, no user metadata.
      const data = identityDataFor(user);
      if (provider === 'phone') delete data.email;
      if (provider === 'phone') data.phone = phone;
      if (provider === 'email' && body.email_confirm === true) data.email_verified = true;
      if (provider === 'phone' && body.phone_confirm === true) data.phone_verified = true;
      await insertIdentity(tx, user, provider, data);
    }
    if (body.email_confirm === true) {
      user = await updateUser(tx, user.id, {
        raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, { email_verified: true }),
      });
    }
    return userJson(tx, (await getUser(tx, user.id))!);
  });
  return json(out);
}

export async function getUserById(ctx: AuthContext, id: string): Promise<Response> {
  return json(await ctx.db.transaction(async (tx) => userJson(tx, await loadUser(tx, id))));
}

export async function updateUserById(ctx: AuthContext, info: RequestInfo, id: string): Promise<Response> {
  const body = await readJson(info.req);
  const out = await ctx.db.transaction(async (tx) => {
    let user = await loadUser(tx, id);
    const patch: Partial<Record<keyof UserRow, unknown>> = {};
    if (str(body.email)) {
      const email = validateEmail(body.email);
      if (email !== user.email) {
        const { rows } = await tx.query('select 1 from auth.users where lower(email) = $1 and id <> $2', [email, id]);
        if (rows.length)
          throw unprocessable('email_exists', 'A user with this email address has already been registered');
        patch.email = email;
      }
    }
    if (str(body.phone)) {
      const phone = validatePhone(body.phone);
      if (phone !== user.phone) {
        const { rows } = await tx.query('select 1 from auth.users where phone = $1 and id <> $2', [phone, id]);
        if (rows.length)
          throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
        patch.phone = phone;
      }
    }
    if (str(body.password)) {
      checkPasswordStrength(str(body.password), ctx.cfg);
      patch.encrypted_password = await hashPassword(tx, await ctx.cryptFn(tx), str(body.password));
    } else if (str(body.password_hash)) patch.encrypted_password = str(body.password_hash);
    if (str(body.role)) patch.role = str(body.role);
    if (body.email_confirm === true && !user.email_confirmed_at) patch.email_confirmed_at = new Date();
    if (body.phone_confirm === true && !user.phone_confirmed_at) patch.phone_confirmed_at = new Date();
    const um = obj(body.user_metadata);
    if (um) patch.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, um);
    // app_metadata is where the service role keeps authorisation claims; it goes into the next JWT.
    const am = obj(body.app_metadata);
    if (am) patch.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, am);
    const ban = banUntil(body.ban_duration);
    if (ban !== undefined) patch.banned_until = ban;
    if (Object.keys(patch).length) user = await updateUser(tx, id, patch);
    if (patch.email) user = await ensureIdentity(tx, user, 'email');
    if (patch.phone) user = await ensureIdentity(tx, user, 'phone');
    if (ban) await tx.query('delete from auth.sessions where user_id = $1', [id]);
    return userJson(tx, user);
  });
  return json(out);
}

export async function deleteUser(ctx: AuthContext, info: RequestInfo, id: string): Promise<Response> {
  const body = await readJson(info.req);
  await ctx.db.transaction(async (tx) => {
    await loadUser(tx, id);
    if (body.should_soft_delete === true) {
      // models.User.SoftDeleteUser: obfuscate identifiers, keep the row, end the sessions.
      await tx.query(
        `update auth.users set email = null, phone = null, encrypted_password = '', deleted_at = now(),
           raw_user_meta_data = '{}', raw_app_meta_data = '{}', updated_at = now() where id = $1`,
        [id],
      );
      await tx.query('delete from auth.identities where user_id = $1', [id]);
      await tx.query('delete from auth.sessions where user_id = $1', [id]);
    } else {
      await tx.query('delete from auth.users where id = $1', [id]);
    }
  });
  return json({});
}

export async function listUserFactors(ctx: AuthContext, id: string): Promise<Response> {
  return json(
    await ctx.db.transaction(async (tx) => (await listFactors(tx, (await loadUser(tx, id)).id)).map(factorJson)),
  );
}

export async function deleteUserFactor(ctx: AuthContext, id: string, factorId: string): Promise<Response> {
  const out = await ctx.db.transaction(async (tx) => {
    await loadUser(tx, id);
    const factor = (await listFactors(tx, id)).find((f) => f.id === factorId);
    if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
    await tx.query('delete from auth.mfa_factors where id = $1', [factorId]);
    return factorJson(factor);
  });
  return json(out);
}

async function inviteUser(tx: Sql, email: string, data: Record<string, unknown>): Promise<UserRow> {
  const existing = await findUserByEmail(tx, email);
  if (existing?.email_confirmed_at)
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  return existing ?? createUserWithIdentity(tx, { provider: 'email', email, data });
}

export async function postInvite(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  const body = await readJson(info.req);
  const email = validateEmail(body.email);
  const redirectTo = resolveRedirect(ctx.cfg, info.url.searchParams.get('redirect_to') ?? str(body.redirect_to));
  const out = await ctx.db.transaction(async (tx) => {
    const user = await inviteUser(tx, email, obj(body.data) ?? {});
    await prepareEmailOtp(ctx, tx, info, user, 'invite', { to: email, redirectTo, send: true });
    return userJson(tx, (await getUser(tx, user.id))!);
  });
  return json(out);
}

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

export async function generateLink(ctx: AuthContext, info: RequestInfo): Promise<Response> {
  const body: JsonBody = await readJson(info.req);
  let type = str(body.type);
  if (!LINK_TYPES.includes(type)) throw badRequest('validation_failed', 'Invalid type provided');
  const email = validateEmail(body.email);
  const redirectTo = resolveRedirect(ctx.cfg, info.url.searchParams.get('redirect_to') ?? str(body.redirect_to));
  const data = obj(body.data) ?? {};
  const out = await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user && type === 'magiclink') type = 'signup';
    let kind: EmailKind;
    let to = email;
    let column: 'email_change_token_current' | undefined;
    switch (type) {
      case 'signup': {
        if (user?.email_confirmed_at)
          throw unprocessable('email_exists', 'A user with this email address has already been registered');
        if (!user) {
          const password = str(body.password);
          if (password) checkPasswordStrength(password, ctx.cfg);
          const hash = password ? await hashPassword(tx, await ctx.cryptFn(tx), password) : '';
          user = await createUserWithIdentity(tx, { provider: 'email', email, encryptedPassword: hash, data });
        }
        kind = 'signup';
        break;
      }
      case 'invite':
        user = await inviteUser(tx, email, data);
        kind = 'invite';
        break;
      case 'magiclink':
      case 'recovery':
        if (!user) throw notFound('user_not_found', 'User with this email not found');
        kind = type;
        break;
      default: {
        if (!user) throw notFound('user_not_found', 'User with this email not found');
        const newEmail = validateEmail(body.new_email);
        const { rows } = await tx.query('select 1 from auth.users where lower(email) = $1 and id <> $2', [
          newEmail,
          user.id,
        ]);
        if (rows.length)
          throw unprocessable('email_exists', 'A user with this email address has already been registered');
        user = await updateUser(tx, user.id, { email_change: newEmail, email_change_confirm_status: 0 });
        kind = 'email_change';
        if (type === 'email_change_current') column = 'email_change_token_current';
        else to = newEmail;
      }
    }
    if (kind === 'magiclink' && !user.email_confirmed_at && ctx.cfg.email.autoconfirm)
      user = await confirmEmail(tx, user);
    const link = await prepareEmailOtp(ctx, tx, info, user, kind, { to, redirectTo, send: false, column });
    const fresh = await userJson(tx, (await getUser(tx, user.id))!);
    return {
      ...fresh,
      action_link: link.actionLink,
      email_otp: link.otp,
      hashed_token: link.hashedToken,
      redirect_to: redirectTo,
      verification_type: kind,
    };
  });
  return json(out);
}
