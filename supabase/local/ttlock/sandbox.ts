/**
 * The TTLock Open Platform sandbox of the local stack (DESIGN §3, issue 15): the cloud API v3
 * contract of https://euapi.ttlock.com (euopen.ttlock.com/document-pages/cloud/…), served at
 * `/_sandbox/ttlock`. The `locks` edge function reaches it through TTLOCK_API_URL; nothing leaves
 * this machine. It has no imports (MD5 is injected) so the function's Deno tests run it too.
 *
 * What it follows: form-urlencoded requests; `POST /oauth2/token` with clientId, clientSecret,
 * username and the MD5 (32 lowercase hex) password, or `grant_type=refresh_token`; access tokens
 * that expire (`expires_in` 90 days, errcode 10004 once expired, 10003 when unknown); every v3 call
 * needs clientId, accessToken and `date` (ms, within 5 minutes, errcode 80000). Passcodes: at most
 * 250 custom codes a lock (-3009), the same code twice (-3007), two codes with the same start and
 * end (-3008), addType 2 only through a gateway or a Wi-Fi lock (-2012). Errors are
 * `{errcode, errmsg}` with HTTP 200, as TTLock answers. Everything asked is kept in `log`.
 */

export const TTLOCK_SANDBOX_PREFIX = '/_sandbox/ttlock';
/** The demo lock account of the seed (supabase/seed.sql: units with a smart_lock_id). */
export const DEMO_TTLOCK_ACCOUNT = {
  clientId: 'demo-ttlock-client',
  clientSecret: 'demo-ttlock-secret',
  username: 'demo-ttlock',
  password: 'demo-lock-password',
} as const;
/** The demo units' locks (all behind a gateway) and two more for trying the other cases. */
export const DEMO_LOCKS = [
  { lockId: 'TTL-100201', lockMac: 'A4:C1:38:2F:10:01', gateway: 'GW-RUH-01' },
  { lockId: 'TTL-100202', lockMac: 'A4:C1:38:2F:10:02', gateway: 'GW-RUH-01' },
  { lockId: 'TTL-100205', lockMac: 'A4:C1:38:2F:10:05', gateway: 'GW-JED-01' },
  { lockId: 'TTL-100207', lockMac: 'A4:C1:38:2F:10:07', gateway: 'GW-ULA-01' },
  { lockId: 'TTL-100209', lockMac: 'A4:C1:38:2F:10:09', gateway: 'GW-AHB-01' },
  /** Bluetooth only: no gateway, no Wi-Fi (remote codes are refused with -2012). */
  { lockId: 'TTL-100300', lockMac: 'A4:C1:38:2F:13:00', gateway: null },
  /** A Wi-Fi lock: remote codes work without a gateway. */
  { lockId: 'TTL-100301', lockMac: 'A4:C1:38:2F:13:01', gateway: null, wifi: true },
] as const;

export const TOKEN_LIFETIME_SECONDS = 7_776_000;
export const MAX_CUSTOM_PASSCODES = 250;
const DATE_TOLERANCE_MS = 5 * 60_000;
const OK = { errcode: 0, errmsg: 'none error message or means yes' };

export interface TtlockLogEntry {
  at: string;
  method: string;
  path: string;
  /** The parameters, with the password, secret and tokens masked. */
  params: Record<string, string>;
  errcode: number;
}

interface Passcode {
  keyboardPwdId: number;
  lockId: string;
  keyboardPwd: string;
  keyboardPwdName: string;
  keyboardPwdType: number;
  startDate: number;
  endDate: number;
  sendDate: number;
  isCustom: 1;
  senderUsername: string;
  status: 1;
}

interface LockRecord {
  recordId: number;
  lockId: string;
  recordTypeFromLock: number;
  recordType: number;
  success: 0 | 1;
  username: string;
  keyboardPwd: string;
  lockDate: number;
  serverDate: number;
}

interface Lock {
  lockId: string;
  lockName: string;
  lockAlias: string;
  lockMac: string;
  electricQuantity: number;
  hasGateway: 0 | 1;
  gatewayId: string | null;
  wifi: boolean;
  owner: string;
  passcodes: Passcode[];
  records: LockRecord[];
}

interface Token {
  clientId: string;
  username: string;
  expiresAt: number;
}

export interface TtlockSandboxOptions {
  /** MD5 hex of a string (node:crypto in the stack, the function's md5 in Deno tests). */
  md5: (text: string) => string;
  now?: () => number;
}

const fail = (errcode: number, errmsg: string) => ({ errcode, errmsg });

/** Deterministic lock records over the last ten days (some older than the seven the app shows). */
function seedRecords(lockId: string, now: number, firstId: number): LockRecord[] {
  const people = ['Guest 482913', 'Cleaning crew', 'demo-ttlock', 'Maintenance'];
  const types = [4, 4, 7, 1, 8, 4, 55];
  const records: LockRecord[] = [];
  for (let i = 0; i < 45; i++) {
    const lockDate = now - i * 5 * 3_600_000 - ((i * 7919) % 3_600_000);
    records.push({
      recordId: firstId + i,
      lockId,
      recordTypeFromLock: types[i % types.length],
      recordType: types[i % types.length],
      success: i % 9 === 4 ? 0 : 1,
      username: people[i % people.length],
      keyboardPwd: types[i % types.length] === 4 ? '482913' : '',
      lockDate,
      serverDate: lockDate + 1_500,
    });
  }
  return records;
}

export type TtlockSandbox = ReturnType<typeof createTtlockSandbox>;

export function createTtlockSandbox(options: TtlockSandboxOptions) {
  const now = options.now ?? (() => Date.now());
  const apps = new Map<string, string>();
  const users = new Map<string, { passwordMd5: string; uid: number }>();
  const locks = new Map<string, Lock>();
  const tokens = new Map<string, Token>();
  const refreshTokens = new Map<string, { clientId: string; username: string }>();
  const log: TtlockLogEntry[] = [];
  let nextId = 1;
  let rateLimited = 0;

  const userKey = (clientId: string, username: string) => `${clientId}\u0000${username}`;
  const randomToken = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

  const sandbox = {
    log,
    /** Registers an app (client id and secret) of the open platform. */
    addApp(clientId: string, clientSecret: string) {
      apps.set(clientId, clientSecret);
    },
    /** A TTLock app account (the lock's administrator) of an app. */
    addUser(clientId: string, username: string, password: string) {
      users.set(userKey(clientId, username), { passwordMd5: options.md5(password), uid: 1000 + users.size });
    },
    /** A lock owned by `username` (of any app). */
    addLock(lock: { lockId: string; lockMac: string; gateway?: string | null; wifi?: boolean; owner: string }) {
      locks.set(lock.lockId, {
        lockId: lock.lockId,
        lockName: `M201_${lock.lockMac.slice(-5).replace(':', '')}`,
        lockAlias: `Lock ${lock.lockId}`,
        lockMac: lock.lockMac,
        electricQuantity: 87,
        hasGateway: lock.gateway ? 1 : 0,
        gatewayId: lock.gateway ?? null,
        wifi: lock.wifi ?? false,
        owner: lock.owner,
        passcodes: [],
        records: seedRecords(lock.lockId, now(), 900_000 + locks.size * 100),
      });
    },
    /** The demo account and locks (what the seed's units point at). */
    reset() {
      apps.clear();
      users.clear();
      locks.clear();
      tokens.clear();
      refreshTokens.clear();
      log.length = 0;
      rateLimited = 0;
      sandbox.addApp(DEMO_TTLOCK_ACCOUNT.clientId, DEMO_TTLOCK_ACCOUNT.clientSecret);
      sandbox.addUser(DEMO_TTLOCK_ACCOUNT.clientId, DEMO_TTLOCK_ACCOUNT.username, DEMO_TTLOCK_ACCOUNT.password);
      for (const l of DEMO_LOCKS) {
        sandbox.addLock({ ...l, wifi: 'wifi' in l ? l.wifi : false, owner: DEMO_TTLOCK_ACCOUNT.username });
      }
    },
    /** Makes every access token expired (as 90 days later). */
    expireTokens() {
      for (const t of tokens.values()) t.expiresAt = now() - 1;
    },
    /** Fills a lock with custom codes up to the limit (for the -3009 case). */
    fillLock(lockId: string) {
      const lock = locks.get(lockId);
      if (!lock) throw new Error(`No sandbox lock ${lockId}`);
      while (lock.passcodes.length < MAX_CUSTOM_PASSCODES) {
        const n = lock.passcodes.length;
        lock.passcodes.push(passcode(lock, String(700000 + n), `Filler ${n}`, 2, 0, 0));
      }
    },
    /** The next `calls` v3 requests are refused as too frequent. */
    rateLimit(calls: number) {
      rateLimited = calls;
    },
    passcodesOf(lockId: string): readonly Passcode[] {
      return locks.get(lockId)?.passcodes ?? [];
    },
    /** Requests under /_sandbox/ttlock with the prefix stripped. */
    async handle(req: Request): Promise<Response> {
      const url = new URL(req.url);
      const path = url.pathname.replace(/\/+$/, '') || '/';
      if (path === '/' || path === '/page') return htmlPage();
      if (path === '/_log') return Response.json({ log });
      if (path === '/_control' && req.method === 'POST') return control(await req.json().catch(() => ({})));
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      if (req.method === 'POST') {
        const type = req.headers.get('content-type') ?? '';
        if (!type.includes('application/x-www-form-urlencoded')) {
          return reply(req.method, path, params, fail(-3, 'Invalid Parameter: the body must be form-urlencoded'));
        }
        Object.assign(params, Object.fromEntries(new URLSearchParams(await req.text())));
      }
      return reply(req.method, path, params, route(req.method, path, params));
    },
  };

  function reply(method: string, path: string, params: Record<string, string>, body: Record<string, unknown>) {
    const masked = { ...params };
    for (const k of ['password', 'clientSecret', 'accessToken', 'refresh_token']) if (masked[k]) masked[k] = '•••';
    log.push({ at: new Date(now()).toISOString(), method, path, params: masked, errcode: Number(body.errcode ?? 0) });
    if (log.length > 500) log.splice(0, log.length - 500);
    return Response.json(body);
  }

  function passcode(lock: Lock, code: string, name: string, type: number, start: number, end: number): Passcode {
    return {
      keyboardPwdId: nextId++,
      lockId: lock.lockId,
      keyboardPwd: code,
      keyboardPwdName: name,
      keyboardPwdType: type,
      startDate: start,
      endDate: end,
      sendDate: now(),
      isCustom: 1,
      senderUsername: lock.owner,
      status: 1,
    };
  }

  function issueToken(clientId: string, username: string, uid: number) {
    const access = randomToken();
    const refresh = randomToken();
    tokens.set(access, { clientId, username, expiresAt: now() + TOKEN_LIFETIME_SECONDS * 1000 });
    refreshTokens.set(refresh, { clientId, username });
    return {
      access_token: access,
      uid,
      refresh_token: refresh,
      openid: uid,
      scope: 'user,key,room',
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
    };
  }

  function oauth(p: Record<string, string>) {
    const secret = apps.get(p.clientId ?? '');
    if (!secret || secret !== p.clientSecret) return fail(10001, 'invalid client');
    if (p.grant_type === 'refresh_token') {
      const found = refreshTokens.get(p.refresh_token ?? '');
      if (!found || found.clientId !== p.clientId) return fail(10011, 'invalid refresh_token');
      refreshTokens.delete(p.refresh_token);
      const user = users.get(userKey(found.clientId, found.username));
      return issueToken(found.clientId, found.username, user?.uid ?? 0);
    }
    const user = users.get(userKey(p.clientId, p.username ?? ''));
    if (!/^[0-9a-f]{32}$/.test(p.password ?? '')) return fail(10007, 'invalid account or invalid password');
    if (!user || user.passwordMd5 !== p.password) return fail(10007, 'invalid account or invalid password');
    return issueToken(p.clientId, p.username, user.uid);
  }

  function paged<T>(items: T[], p: Record<string, string>, maxSize: number) {
    const pageNo = Math.max(1, Number(p.pageNo) || 1);
    const pageSize = Math.min(maxSize, Math.max(1, Number(p.pageSize) || 20));
    return {
      list: items.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      pageNo,
      pageSize,
      pages: Math.ceil(items.length / pageSize),
      total: items.length,
    };
  }

  function route(method: string, path: string, p: Record<string, string>): Record<string, unknown> {
    if (path === '/oauth2/token') return method === 'POST' ? oauth(p) : fail(-3, 'Invalid Parameter');
    if (!path.startsWith('/v3/')) return fail(-3, `Unknown API ${path}`);
    if (!apps.has(p.clientId ?? '')) return fail(10000, 'invalid client_id');
    const token = tokens.get(p.accessToken ?? '');
    if (!token || token.clientId !== p.clientId) return fail(10003, 'invalid token');
    if (token.expiresAt < now()) return fail(10004, 'invalid grant: the access token has expired');
    if (!p.date || Math.abs(Number(p.date) - now()) > DATE_TOLERANCE_MS) {
      return fail(80000, 'date must be current time, in 5 minutes');
    }
    if (rateLimited > 0) {
      rateLimited--;
      return fail(30006, 'Request too frequent, please try again later');
    }
    const owned = [...locks.values()].filter((l) => l.owner === token.username);
    if (path === '/v3/lock/list') {
      return paged(
        owned.map(({ passcodes: _p, records: _r, owner: _o, gatewayId: _g, wifi: _w, ...l }) => l),
        p,
        1000,
      );
    }
    const lock = owned.find((l) => l.lockId === p.lockId);
    const byId = (id: string) => {
      for (const l of owned) {
        const found = l.passcodes.find((c) => String(c.keyboardPwdId) === id);
        if (found) return { lock: l, code: found };
      }
      return null;
    };
    switch (path) {
      case '/v3/lock/detail': {
        if (!lock) return fail(-1003, 'The lock does not exist');
        const { passcodes: _p, records: _r, owner: _o, gatewayId: _g, wifi, ...detail } = lock;
        return { ...detail, isWifiLock: wifi ? 1 : 0, keyboardPwdCount: lock.passcodes.length };
      }
      case '/v3/lock/listKeyboardPwd': {
        if (!lock) return fail(-1003, 'The lock does not exist');
        return paged(
          [...lock.passcodes].sort((a, b) => b.sendDate - a.sendDate),
          p,
          200,
        );
      }
      case '/v3/keyboardPwd/add': {
        if (method !== 'POST') return fail(-3, 'Invalid Parameter');
        if (!lock) return fail(-1003, 'The lock does not exist');
        const code = p.keyboardPwd ?? '';
        if (!/^[0-9]{4,9}$/.test(code)) return fail(-3, 'Invalid Parameter: keyboardPwd must be 4 to 9 digits');
        const type = Number(p.keyboardPwdType ?? 3);
        if (type !== 2 && type !== 3) return fail(-3, 'Invalid Parameter: keyboardPwdType');
        const start = type === 3 ? Number(p.startDate) : 0;
        const end = type === 3 ? Number(p.endDate) : 0;
        if (type === 3 && !(start > 0 && end > start)) return fail(-3, 'Invalid Parameter: startDate/endDate');
        if (Number(p.addType ?? 1) === 2 && !lock.hasGateway && !lock.wifi) {
          return fail(-2012, 'The lock is not connected to any gateway');
        }
        if (lock.passcodes.length >= MAX_CUSTOM_PASSCODES) return fail(-3009, 'The passcode storage is full');
        if (lock.passcodes.some((c) => c.keyboardPwd === code)) return fail(-3007, 'The same passcode already exists');
        if (type === 3 && lock.passcodes.some((c) => c.startDate === start && c.endDate === end)) {
          return fail(-3008, 'A passcode with the same validity period already exists');
        }
        const created = passcode(lock, code, p.keyboardPwdName ?? '', type, start, end);
        lock.passcodes.push(created);
        return { keyboardPwdId: created.keyboardPwdId };
      }
      case '/v3/keyboardPwd/change': {
        if (method !== 'POST') return fail(-3, 'Invalid Parameter');
        const found = byId(p.keyboardPwdId ?? '');
        if (!found || found.lock.lockId !== p.lockId) return fail(-3, 'The passcode does not exist');
        if (Number(p.changeType ?? 1) === 2 && !found.lock.hasGateway && !found.lock.wifi) {
          return fail(-2012, 'The lock is not connected to any gateway');
        }
        const code = p.newKeyboardPwd ?? found.code.keyboardPwd;
        if (!/^[0-9]{4,9}$/.test(code)) return fail(-3, 'Invalid Parameter: newKeyboardPwd');
        if (found.lock.passcodes.some((c) => c !== found.code && c.keyboardPwd === code)) {
          return fail(-3007, 'The same passcode already exists');
        }
        const start = p.startDate ? Number(p.startDate) : found.code.startDate;
        const end = p.endDate ? Number(p.endDate) : found.code.endDate;
        if (found.code.keyboardPwdType === 3 && !(end > start)) return fail(-3, 'Invalid Parameter: startDate/endDate');
        if (found.lock.passcodes.some((c) => c !== found.code && c.startDate === start && c.endDate === end && start)) {
          return fail(-3008, 'A passcode with the same validity period already exists');
        }
        Object.assign(found.code, { keyboardPwd: code, startDate: start, endDate: end });
        if (p.keyboardPwdName) found.code.keyboardPwdName = p.keyboardPwdName;
        return OK;
      }
      case '/v3/keyboardPwd/delete': {
        if (method !== 'POST') return fail(-3, 'Invalid Parameter');
        const found = byId(p.keyboardPwdId ?? '');
        if (!found || found.lock.lockId !== p.lockId) return fail(-3, 'The passcode does not exist');
        if (Number(p.deleteType ?? 1) === 2 && !found.lock.hasGateway && !found.lock.wifi) {
          return fail(-2012, 'The lock is not connected to any gateway');
        }
        found.lock.passcodes.splice(found.lock.passcodes.indexOf(found.code), 1);
        return OK;
      }
      case '/v3/lockRecord/list': {
        if (!lock) return fail(-1003, 'The lock does not exist');
        const from = Number(p.startDate) || 0;
        const to = Number(p.endDate) || Number.MAX_SAFE_INTEGER;
        const within = lock.records.filter((r) => r.lockDate >= from && r.lockDate <= to);
        return paged(
          within.sort((a, b) => b.lockDate - a.lockDate),
          p,
          200,
        );
      }
      default:
        return fail(-3, `Unknown API ${path}`);
    }
  }

  function control(body: { action?: string; lockId?: string; calls?: number }): Response {
    switch (body.action) {
      case 'reset':
        sandbox.reset();
        break;
      case 'expire_tokens':
        sandbox.expireTokens();
        break;
      case 'fill_lock':
        try {
          sandbox.fillLock(String(body.lockId));
        } catch (e) {
          return Response.json({ error: (e as Error).message }, { status: 404 });
        }
        break;
      case 'rate_limit':
        sandbox.rateLimit(Number(body.calls) || 1);
        break;
      default:
        return Response.json(
          { error: 'action must be reset, expire_tokens, fill_lock or rate_limit' },
          { status: 400 },
        );
    }
    return Response.json({ ok: true });
  }

  function htmlPage(): Response {
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const lockRows = [...locks.values()]
      .map(
        (l) =>
          `<tr><td>${esc(l.lockId)}</td><td>${esc(l.lockMac)}</td><td>${l.gatewayId ? esc(l.gatewayId) : l.wifi ? 'Wi-Fi' : '—'}</td><td>${l.passcodes.length} / ${MAX_CUSTOM_PASSCODES}</td><td>${l.passcodes
            .slice(-5)
            .map((c) => esc(`${c.keyboardPwd} ${c.keyboardPwdName}`))
            .join('<br>')}</td></tr>`,
      )
      .join('');
    const logRows = [...log]
      .reverse()
      .slice(0, 100)
      .map(
        (e) =>
          `<tr><td>${esc(e.at)}</td><td>${esc(e.method)} ${esc(e.path)}</td><td>${e.errcode}</td><td><code>${esc(JSON.stringify(e.params))}</code></td></tr>`,
      )
      .join('');
    return new Response(
      `<!doctype html><meta charset="utf-8"><title>TTLock sandbox</title>
<style>body{font-family:system-ui;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:start;vertical-align:top}</style>
<h1>TTLock sandbox</h1><p>The local stand-in for https://euapi.ttlock.com (cloud API v3). Demo account
<code>${DEMO_TTLOCK_ACCOUNT.username}</code> / <code>${DEMO_TTLOCK_ACCOUNT.password}</code>, client id
<code>${DEMO_TTLOCK_ACCOUNT.clientId}</code>. <a href="/_local/outbox">Outbox</a></p>
<h2>Locks</h2><table><tr><th>Lock id</th><th>MAC</th><th>Gateway</th><th>Custom codes</th><th>Latest codes</th></tr>${lockRows}</table>
<h2>Requests (newest first)</h2><table><tr><th>At</th><th>Request</th><th>errcode</th><th>Parameters</th></tr>${logRows}</table>`,
      { headers: { 'Content-Type': 'text/html; charset=utf-8' } },
    );
  }

  sandbox.reset();
  return sandbox;
}
