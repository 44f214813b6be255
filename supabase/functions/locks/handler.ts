// /functions/v1/locks — the only place that talks to TTLock (issue 15). For a signed-in staff member
// of the unit's organisation (reading: locks.read or units.read; changing codes: locks.write or
// units.write; checked by lock_unit_for_caller, which answers 404 for another organisation's unit):
//   POST   /locks/units/<unit>/test                 a fresh token with the account, then the lock's details
//   GET    /locks/units/<unit>/passcodes?page=N     the lock's custom codes (kind, validity)
//   POST   /locks/units/<unit>/passcodes            {name, code, kind, starts_at, ends_at}: a code through the gateway
//   DELETE /locks/units/<unit>/passcodes/<id>       removes a code through the gateway
//   GET    /locks/units/<unit>/records?page=N       lock records of the last 7 days, 20 a page
//   POST   /locks/account/test                      the organisation's TTLock account (Settings → Integrations,
//                                                   integrations.write): a fresh token; records status and last test
//   POST   /locks/stay-codes/process                the database (service key): the codes per stay (stay-codes.ts)
// A unit without a lock account of its own uses the organisation's (lock_account_for_unit).
// Tokens are kept per organisation and account (save_lock_account_token): reused until they expire,
// refreshed with the refresh token, and fetched again with the password when TTLock refuses them.
// Errors are JSON {code, message}; TTLock's refusals become stable codes (errors.ts).
import { corsHeaders } from '../_shared/cors.ts';
import { answer, isServiceCaller, UUID, type Env } from '../_shared/service.ts';
import { supabaseClients } from '../_shared/supabase.ts';
import { Problem, problemOf } from './errors.ts';
import { processStayCodes } from './stay-codes.ts';
import { TOKEN_ERRCODES, TTLOCK_DEFAULT_URL, TtlockError, ttlockClient, type TtlockToken } from './ttlock.ts';

export { Problem };

/** SPEC §9: the lock activity window. */
export const RECORD_WINDOW_DAYS = 7;
export const RECORDS_PAGE_SIZE = 20;
const PASSCODES_PAGE_SIZE = 100;
const PASSCODE = /^[0-9]{6}$/;

interface Account {
  organization_id: string;
  lock_id: string | null;
  username: string | null;
  password: string | null;
  /** The organisation's account keeps only the MD5 of its password. */
  password_md5?: string | null;
  client_id: string | null;
  client_secret: string | null;
  access_token: string | null;
  refresh_token: string | null;
  expires_at: string | null;
}

/** How a lock record was made (TTLock recordType). */
export function methodOf(recordType: number): string {
  const methods: Record<number, string> = {
    1: 'app',
    4: 'passcode',
    7: 'card',
    8: 'fingerprint',
    12: 'gateway',
    55: 'remote',
    [-4]: 'qr_code',
    [-5]: 'face',
  };
  return methods[recordType] ?? 'other';
}

export interface Deps {
  env: Env;
  fetch?: typeof fetch;
}

export function createLocksHandler(deps: Deps) {
  const { env } = deps;
  const { serviceDb, callerDb } = supabaseClients(env);
  const ttlock = ttlockClient(env('TTLOCK_API_URL') ?? TTLOCK_DEFAULT_URL, deps.fetch);

  /** The caller's unit (404 for another organisation's), with the permission asked for. */
  async function authorize(req: Request, unitId: string, forWrite: boolean): Promise<{ userId: string }> {
    const token = /^Bearer\s+(\S+)$/i.exec((req.headers.get('authorization') ?? '').trim())?.[1];
    const sub = token ? jwtSubject(token) : null;
    if (!token || !sub) throw new Problem(401, 'unauthorized', 'Sign in to continue');
    if (!UUID.test(unitId)) throw new Problem(404, 'unit_not_found', 'This unit was not found');
    const { error, status } = await callerDb(token).rpc('lock_unit_for_caller', {
      unit_id: unitId,
      for_write: forWrite,
    });
    if (error) {
      if (status === 404) throw new Problem(404, 'unit_not_found', 'This unit was not found');
      if (status === 403) throw new Problem(403, 'forbidden', 'Permission denied. Contact administrator.');
      if (status === 401 || /^PGRST30/.test(error.code ?? ''))
        throw new Problem(401, 'unauthorized', 'Sign in to continue');
      throw new Error(`lock_unit_for_caller failed: ${error.message}`);
    }
    return { userId: sub };
  }

  async function saveToken(account: Account, token: TtlockToken | null) {
    const { error } = await serviceDb().rpc('save_lock_account_token', {
      organization_id: account.organization_id,
      client_id: account.client_id,
      username: account.username,
      access_token: token?.access_token ?? null,
      refresh_token: token?.refresh_token ?? null,
      expires_at: token ? new Date(Date.now() + (token.expires_in ?? 7_776_000) * 1000).toISOString() : null,
    });
    if (error) throw new Error(`save_lock_account_token failed: ${error.message}`);
  }

  /**
   * A TTLock session for the unit's lock: the lock id and a `call` that carries a valid token,
   * refreshing it (or signing in again) once when TTLock refuses it. `fresh` signs in with the
   * password whatever is stored (the connection test).
   */
  async function session(unitId: string, fresh = false) {
    const { data, error } = await serviceDb().rpc('lock_account_for_unit', { unit_id: unitId });
    if (error) throw new Error(`lock_account_for_unit failed: ${error.message}`);
    const account = data as Account | null;
    if (!account?.lock_id) throw new Problem(409, 'lock_not_configured', 'No TTLock ID configured for this unit');
    const { call } = await accountSession(account, fresh);
    return { lockId: account.lock_id, call };
  }

  /** A TTLock session for an account (a unit's or the organisation's); see session(). */
  async function accountSession(account: Account, fresh = false) {
    const password = account.password ?? account.password_md5 ?? null;
    if (!account.username || !password || !account.client_id || !account.client_secret) {
      throw new Problem(409, 'lock_integration_missing', 'No lock integration configured');
    }
    const app = { clientId: account.client_id, clientSecret: account.client_secret };
    const signIn = async () => {
      const token = await ttlock.passwordToken(app, account.username!, password, !account.password);
      await saveToken(account, token);
      return token.access_token;
    };
    const renew = async () => {
      if (account.refresh_token) {
        try {
          const token = await ttlock.refreshToken(app, account.refresh_token);
          await saveToken(account, token);
          return token.access_token;
        } catch (error) {
          if (!(error instanceof TtlockError) || error.errcode === -1) throw error;
        }
      }
      return await signIn();
    };
    const stillValid = account.expires_at && Date.parse(account.expires_at) > Date.now() + 60_000;
    let accessToken: string | null = null;
    try {
      accessToken = fresh ? await signIn() : stillValid ? account.access_token : await renew();
    } catch (error) {
      throw error instanceof TtlockError ? problemOf(error) : error;
    }
    const call = async (path: string, params: Record<string, string | number>, method: 'GET' | 'POST' = 'POST') => {
      try {
        try {
          return await ttlock.v3(path, app.clientId, accessToken!, params, method);
        } catch (error) {
          if (!(error instanceof TtlockError) || !TOKEN_ERRCODES.has(error.errcode)) throw error;
          accessToken = await renew();
          return await ttlock.v3(path, app.clientId, accessToken, params, method);
        }
      } catch (error) {
        throw error instanceof TtlockError ? problemOf(error) : error;
      }
    };
    return { call };
  }

  /**
   * Settings → Integrations → TTLock "Test connection": signs in with the organisation's account
   * (never a stored token) and counts its locks. Success makes the integration active with the
   * test's time as its last sync; a refused account makes it setup_required with the reason.
   */
  async function testOrganizationAccount(req: Request): Promise<Response> {
    const token = /^Bearer\s+(\S+)$/i.exec((req.headers.get('authorization') ?? '').trim())?.[1];
    if (!token || !jwtSubject(token)) throw new Problem(401, 'unauthorized', 'Sign in to continue');
    const allowed = await callerDb(token).rpc('integration_for_caller', { provider: 'ttlock', for_write: true });
    if (allowed.error) {
      if (allowed.status === 403) throw new Problem(403, 'forbidden', 'Permission denied. Contact administrator.');
      if (allowed.status === 401 || /^PGRST30/.test(allowed.error.code ?? ''))
        throw new Problem(401, 'unauthorized', 'Sign in to continue');
      throw new Error(`integration_for_caller failed: ${allowed.error.message}`);
    }
    const { organization_id: organizationId, integration } = allowed.data as {
      organization_id: string;
      integration: { id: string; settings: Record<string, unknown> } | null;
    };
    if (!integration) throw new Problem(409, 'lock_integration_missing', 'No lock integration configured');
    const { data, error } = await serviceDb().rpc('lock_account_for_organization', { organization_id: organizationId });
    if (error) throw new Error(`lock_account_for_organization failed: ${error.message}`);
    const record = async (fields: Record<string, unknown>) => {
      const { error } = await serviceDb().from('integrations').update(fields).eq('id', integration.id);
      if (error) throw new Error(`recording the TTLock test failed: ${error.message}`);
    };
    const { last_error: _previous, ...settings } = integration.settings ?? {};
    try {
      const { call } = await accountSession(data as Account, true);
      const locks = await call('/v3/lock/list', { pageNo: 1, pageSize: 100 }, 'GET');
      const testedAt = new Date().toISOString();
      await record({ status: 'active', last_sync_at: testedAt, settings });
      return answer(200, { ok: true, status: 'active', tested_at: testedAt, locks: Number(locks.total ?? 0) });
    } catch (error) {
      if (error instanceof Problem && error.code === 'lock_account_rejected') {
        await record({ status: 'setup_required', settings: { ...settings, last_error: error.code } });
      }
      throw error;
    }
  }

  async function testConnection(unitId: string): Promise<Response> {
    const { lockId, call } = await session(unitId, true);
    const detail = await call('/v3/lock/detail', { lockId }, 'GET');
    return answer(200, {
      ok: true,
      lock_id: lockId,
      lock_alias: detail.lockAlias ?? null,
      battery: typeof detail.electricQuantity === 'number' ? detail.electricQuantity : null,
      has_gateway: detail.hasGateway === 1,
      wifi: detail.isWifiLock === 1,
    });
  }

  async function listPasscodes(unitId: string, page: number): Promise<Response> {
    const { lockId, call } = await session(unitId);
    const body = await call('/v3/lock/listKeyboardPwd', { lockId, pageNo: page, pageSize: PASSCODES_PAGE_SIZE }, 'GET');
    const now = Date.now();
    const list = (body.list ?? []) as Array<Record<string, unknown>>;
    return answer(200, {
      passcodes: list.map((c) => {
        const permanent = c.keyboardPwdType === 2;
        const end = Number(c.endDate) || null;
        return {
          id: String(c.keyboardPwdId),
          name: String(c.keyboardPwdName ?? ''),
          code: String(c.keyboardPwd ?? ''),
          kind: permanent ? 'permanent' : 'temporary',
          status: !permanent && end !== null && end < now ? 'invalid' : 'active',
          starts_at: permanent || !c.startDate ? null : new Date(Number(c.startDate)).toISOString(),
          ends_at: permanent || !end ? null : new Date(end).toISOString(),
        };
      }),
      page: Number(body.pageNo ?? page),
      pages: Number(body.pages ?? 1),
      total: Number(body.total ?? list.length),
    });
  }

  async function createPasscode(req: Request, unitId: string, userId: string): Promise<Response> {
    const body = (await req.json().catch(() => null)) as Record<string, unknown> | null;
    const text = (key: string) => (typeof body?.[key] === 'string' ? (body[key] as string).trim() : '');
    const kind = text('kind') || 'temporary';
    const [name, code] = [text('name'), text('code')];
    const startsAt = Date.parse(text('starts_at'));
    const endsAt = Date.parse(text('ends_at'));
    if (!name || !code || (kind === 'temporary' && (Number.isNaN(startsAt) || Number.isNaN(endsAt)))) {
      throw new Problem(400, 'fields_required', 'Please fill in all fields');
    }
    if (kind !== 'temporary' && kind !== 'permanent')
      throw new Problem(400, 'invalid_input', 'Please check your input');
    if (!PASSCODE.test(code)) throw new Problem(400, 'passcode_invalid', 'The passcode must be 6 digits');
    if (name.length > 100) throw new Problem(400, 'invalid_input', 'The name is too long');
    if (kind === 'temporary' && endsAt <= startsAt) {
      throw new Problem(400, 'passcode_period_invalid', 'The end must be after the start');
    }
    const { lockId, call } = await session(unitId);
    const added = await call('/v3/keyboardPwd/add', {
      lockId,
      keyboardPwd: code,
      keyboardPwdName: name,
      keyboardPwdType: kind === 'permanent' ? 2 : 3,
      ...(kind === 'temporary' ? { startDate: startsAt, endDate: endsAt } : {}),
      addType: 2,
    });
    const providerId = String(added.keyboardPwdId);
    // The app's own record of the code (lock_passcodes), as before this function existed.
    const { error } = await serviceDb()
      .from('lock_passcodes')
      .insert({
        unit_id: unitId,
        name,
        code,
        kind,
        starts_at: kind === 'temporary' ? new Date(startsAt).toISOString() : null,
        ends_at: kind === 'temporary' ? new Date(endsAt).toISOString() : null,
        provider_passcode_id: providerId,
        created_by: userId,
      });
    if (error) console.error('locks: recording the passcode failed:', error.message);
    return answer(201, { id: providerId, name, code, kind });
  }

  async function deletePasscode(unitId: string, passcodeId: string): Promise<Response> {
    if (!/^[0-9A-Za-z_-]{1,40}$/.test(passcodeId))
      throw new Problem(404, 'passcode_not_found', 'This code was not found');
    const { lockId, call } = await session(unitId);
    try {
      await call('/v3/keyboardPwd/delete', { lockId, keyboardPwdId: passcodeId, deleteType: 2 });
    } catch (error) {
      if (error instanceof Problem && error.code === 'lock_request_invalid') {
        throw new Problem(404, 'passcode_not_found', 'This code was not found');
      }
      throw error;
    }
    const { error } = await serviceDb()
      .from('lock_passcodes')
      .update({ status: 'invalid' })
      .eq('unit_id', unitId)
      .eq('provider_passcode_id', passcodeId);
    if (error) console.error('locks: marking the passcode invalid failed:', error.message);
    return answer(200, { ok: true });
  }

  async function records(unitId: string, page: number): Promise<Response> {
    const { lockId, call } = await session(unitId);
    const end = Date.now();
    const body = await call(
      '/v3/lockRecord/list',
      {
        lockId,
        startDate: end - RECORD_WINDOW_DAYS * 86_400_000,
        endDate: end,
        pageNo: page,
        pageSize: RECORDS_PAGE_SIZE,
      },
      'GET',
    );
    const list = (body.list ?? []) as Array<Record<string, unknown>>;
    return answer(200, {
      records: list.map((r) => ({
        id: String(r.recordId),
        at: new Date(Number(r.lockDate)).toISOString(),
        method: methodOf(Number(r.recordType)),
        record_type: Number(r.recordType),
        success: r.success === 1,
        who: String(r.username ?? '') || null,
        code: String(r.keyboardPwd ?? '') || null,
      })),
      page: Number(body.pageNo ?? page),
      pages: Number(body.pages ?? 0),
      total: Number(body.total ?? list.length),
    });
  }

  async function route(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const parts = url.pathname
      .replace(/^.*?\/locks(?=\/|$)/, '')
      .split('/')
      .filter(Boolean);
    const page = Math.max(1, Math.min(1000, Number(url.searchParams.get('page')) || 1));
    if (parts[0] === 'stay-codes' && parts[1] === 'process' && parts.length === 2 && req.method === 'POST') {
      if (!isServiceCaller(req, env)) throw new Problem(401, 'unauthorized', 'A service key is required');
      return answer(200, await processStayCodes(serviceDb(), (unitId) => session(unitId)));
    }
    if (parts[0] === 'account' && parts[1] === 'test' && parts.length === 2 && req.method === 'POST') {
      return await testOrganizationAccount(req);
    }
    if (parts[0] !== 'units' || !parts[1]) throw new Problem(404, 'not_found', 'Not found');
    const [unitId, what, id] = [parts[1], parts[2], parts[3]];
    const m = req.method;
    if (what === 'test' && !id && m === 'POST') {
      await authorize(req, unitId, false);
      return await testConnection(unitId);
    }
    if (what === 'passcodes' && !id && m === 'GET') {
      await authorize(req, unitId, false);
      return await listPasscodes(unitId, page);
    }
    if (what === 'passcodes' && !id && m === 'POST') {
      const { userId } = await authorize(req, unitId, true);
      return await createPasscode(req, unitId, userId);
    }
    if (what === 'passcodes' && id && parts.length === 4 && m === 'DELETE') {
      await authorize(req, unitId, true);
      return await deletePasscode(unitId, id);
    }
    if (what === 'records' && !id && m === 'GET') {
      await authorize(req, unitId, false);
      return await records(unitId, page);
    }
    throw new Problem(404, 'not_found', 'Not found');
  }

  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    try {
      return await route(req);
    } catch (error) {
      if (error instanceof Problem) return answer(error.status, { code: error.code, message: error.message });
      console.error('locks:', error);
      return answer(500, { code: 'internal_error', message: 'Something went wrong. Please try again.' });
    }
  };
}

/** The `sub` of an authenticated user's JWT (the database verifies the signature). */
function jwtSubject(token: string): string | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as Record<
      string,
      unknown
    >;
    return payload.role === 'authenticated' && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
