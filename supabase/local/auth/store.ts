/**
 * Rows of auth.users / auth.identities / auth.mfa_factors and their JSON as GoTrue returns it
 * (internal/models/user.go, identity.go, factor.go): same keys, same omitempty rules.
 */
import { randomUUID } from 'node:crypto';
import type { Sql } from '../types';

type Ts = Date | string | null;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Ts;
  invited_at: Ts;
  confirmation_token: string | null;
  confirmation_sent_at: Ts;
  recovery_token: string | null;
  recovery_sent_at: Ts;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Ts;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Ts;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Ts;
  updated_at: Ts;
  phone: string | null;
  phone_confirmed_at: Ts;
  phone_change: string | null;
  phone_change_token: string | null;
  phone_change_sent_at: Ts;
  confirmed_at: Ts;
  banned_until: Ts;
  reauthentication_token: string | null;
  reauthentication_sent_at: Ts;
  is_sso_user: boolean;
  deleted_at: Ts;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown> | null;
  provider: string;
  last_sign_in_at: Ts;
  created_at: Ts;
  updated_at: Ts;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'verified' | 'unverified';
  created_at: Ts;
  updated_at: Ts;
  secret: string | null;
  phone: string | null;
  last_challenged_at: Ts;
}

/** GoTrue serialises times as RFC 3339 in UTC. */
export function iso(t: Ts): string | undefined {
  if (t === null || t === undefined) return undefined;
  const d = t instanceof Date ? t : new Date(t);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

const isoOrNull = (t: Ts) => iso(t) ?? null;

export async function getUser(tx: Sql, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const { rows } = await tx.query<UserRow>('select * from auth.users where id = $1', [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(tx: Sql, email: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    'select * from auth.users where lower(email) = lower($1) and is_sso_user = false order by created_at limit 1',
    [email],
  );
  return rows[0] ?? null;
}

export async function findUserByPhone(tx: Sql, phone: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>('select * from auth.users where phone = $1 limit 1', [phone]);
  return rows[0] ?? null;
}

/** Updates the given columns (names are ours, never user input) and bumps updated_at. */
export async function updateUser(
  tx: Sql,
  id: string,
  patch: Partial<Record<keyof UserRow, unknown>>,
): Promise<UserRow> {
  const cols = Object.keys(patch);
  const sets = cols.map((c, i) => `${c} = $${i + 2}`);
  const values = cols.map((c) => {
    const v = patch[c as keyof UserRow];
    return v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v;
  });
  const { rows } = await tx.query<UserRow>(
    `update auth.users set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning *`,
    [id, ...values],
  );
  if (!rows[0]) throw new Error(`user ${id} vanished during update`);
  return rows[0];
}

/** GoTrue's UpdateUserMetaData: merge keys, a null value removes the key. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  update: Record<string, unknown>,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  return next;
}

export interface NewUser {
  id?: string;
  aud?: string;
  role?: string;
  email?: string | null;
  phone?: string | null;
  encryptedPassword?: string | null;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  isAnonymous?: boolean;
  emailConfirmed?: boolean;
  phoneConfirmed?: boolean;
  invited?: boolean;
  bannedUntil?: Date | null;
}

export async function insertUser(tx: Sql, u: NewUser): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, raw_user_meta_data,
       raw_app_meta_data, is_anonymous, email_confirmed_at, phone_confirmed_at, invited_at, banned_until,
       confirmation_token, recovery_token, email_change_token_new, email_change, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, $5, $6, $7, $8, $9,
       case when $10 then now() end, case when $11 then now() end, case when $12 then now() end, $13,
       '', '', '', '', now(), now())
     returning *`,
    [
      u.id ?? randomUUID(),
      u.aud ?? 'authenticated',
      u.role ?? 'authenticated',
      u.email || null,
      u.phone || null,
      u.encryptedPassword ?? '',
      JSON.stringify(u.userMetadata ?? {}),
      JSON.stringify(u.appMetadata ?? {}),
      u.isAnonymous ?? false,
      u.emailConfirmed ?? false,
      u.phoneConfirmed ?? false,
      u.invited ?? false,
      u.bannedUntil ?? null,
    ],
  );
  return rows[0]!;
}

/** GoTrue's identity_data for email/phone identities: provider.Claims{sub,email} plus the signup data. */
export function identityDataFor(user: UserRow, data: Record<string, unknown> = {}): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub: user.id };
  if (user.email) claims.email = user.email;
  claims.email_verified = false;
  claims.phone_verified = false;
  for (const [k, v] of Object.entries(data)) if (!(k in claims)) claims[k] = v;
  return claims;
}

export async function insertIdentity(
  tx: Sql,
  user: UserRow,
  provider: string,
  identityData: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())
     on conflict (provider_id, provider) do nothing`,
    [randomUUID(), user.id, user.id, JSON.stringify(identityData), provider],
  );
}

/** Merges into identity_data of the user's identities of a provider (e.g. email_verified: true). */
export async function updateIdentityData(
  tx: Sql,
  userId: string,
  provider: string,
  data: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `update auth.identities set identity_data = identity_data || $3::jsonb, updated_at = now()
     where user_id = $1 and provider = $2`,
    [userId, provider, JSON.stringify(data)],
  );
}

/** Adds a provider to app_metadata.providers (GoTrue keeps `provider` as the first one). */
export function withProvider(app: Record<string, unknown> | null, provider: string): Record<string, unknown> {
  const next = { ...(app ?? {}) };
  const providers = Array.isArray(next.providers) ? (next.providers as unknown[]).map(String) : [];
  if (!providers.includes(provider)) providers.push(provider);
  next.providers = providers;
  if (typeof next.provider !== 'string') next.provider = provider;
  return next;
}

export function identityJson(i: IdentityRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
  };
  if (i.identity_data) out.identity_data = i.identity_data;
  out.provider = i.provider;
  if (iso(i.last_sign_in_at)) out.last_sign_in_at = iso(i.last_sign_in_at);
  out.created_at = iso(i.created_at);
  out.updated_at = iso(i.updated_at);
  if (i.email) out.email = i.email;
  return out;
}

export function factorJson(f: FactorRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: f.id,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    status: f.status,
  };
  if (f.friendly_name) out.friendly_name = f.friendly_name;
  out.factor_type = f.factor_type;
  out.phone = f.phone ?? '';
  out.last_challenged_at = isoOrNull(f.last_challenged_at);
  return out;
}

export async function listFactors(tx: Sql, userId: string): Promise<FactorRow[]> {
  const { rows } = await tx.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at', [
    userId,
  ]);
  return rows;
}

/** The user object exactly as GoTrue's JSON encoder writes it. */
export async function userJson(tx: Sql, u: UserRow): Promise<Record<string, unknown>> {
  const { rows: identities } = await tx.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at, id',
    [u.id],
  );
  const factors = await listFactors(tx, u.id);
  const out: Record<string, unknown> = { id: u.id, aud: u.aud ?? '', role: u.role ?? '', email: u.email ?? '' };
  const opt = (key: string, v: string | undefined) => {
    if (v) out[key] = v;
  };
  opt('email_confirmed_at', iso(u.email_confirmed_at));
  opt('invited_at', iso(u.invited_at));
  out.phone = u.phone ?? '';
  opt('phone_confirmed_at', iso(u.phone_confirmed_at));
  opt('confirmation_sent_at', iso(u.confirmation_sent_at));
  opt('confirmed_at', iso(u.confirmed_at));
  opt('recovery_sent_at', iso(u.recovery_sent_at));
  opt('new_email', u.email_change ?? undefined);
  opt('email_change_sent_at', iso(u.email_change_sent_at));
  opt('new_phone', u.phone_change ?? undefined);
  opt('phone_change_sent_at', iso(u.phone_change_sent_at));
  opt('reauthentication_sent_at', iso(u.reauthentication_sent_at));
  opt('last_sign_in_at', iso(u.last_sign_in_at));
  out.app_metadata = u.raw_app_meta_data ?? {};
  out.user_metadata = u.raw_user_meta_data ?? {};
  if (factors.length) out.factors = factors.map(factorJson);
  out.identities = identities.map(identityJson);
  out.created_at = iso(u.created_at);
  out.updated_at = iso(u.updated_at);
  opt('banned_until', iso(u.banned_until));
  opt('deleted_at', iso(u.deleted_at));
  out.is_anonymous = u.is_anonymous;
  return out;
}

export function isBanned(u: UserRow): boolean {
  const until = u.banned_until ? new Date(u.banned_until).getTime() : 0;
  return until > Date.now();
}

/** bcrypt via pgcrypto, cost 10 as GoTrue's bcrypt.DefaultCost. */
export async function hashPassword(tx: Sql, fn: { crypt: string; genSalt: string }, password: string): Promise<string> {
  const { rows } = await tx.query<{ h: string }>(`select ${fn.crypt}($1, ${fn.genSalt}('bf', 10)) as h`, [password]);
  return rows[0]!.h;
}

export async function checkPassword(
  tx: Sql,
  fn: { crypt: string },
  password: string,
  hash: string | null,
): Promise<boolean> {
  if (!hash || !hash.startsWith('$2')) return false;
  const { rows } = await tx.query<{ ok: boolean }>(`select ${fn.crypt}($1, $2) = $2 as ok`, [password, hash]);
  return rows[0]?.ok === true;
}
