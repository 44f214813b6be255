// TTLock Open Platform, cloud API v3 (https://euapi.ttlock.com; euopen.ttlock.com/document-pages/cloud):
// form-urlencoded requests carrying clientId, accessToken and `date` (ms); failures are answered
// as {errcode, errmsg} (HTTP 200). TTLOCK_API_URL points at the local sandbox in development.
import { md5 } from './md5.ts';

export const TTLOCK_DEFAULT_URL = 'https://euapi.ttlock.com';

/** A refusal from TTLock (errcode ≠ 0), or -1 when it could not be reached or answered nonsense. */
export class TtlockError extends Error {
  constructor(
    readonly errcode: number,
    message: string,
  ) {
    super(message);
  }
}

/** TTLock's answer to a token request. */
export interface TtlockToken {
  access_token: string;
  refresh_token?: string;
  uid?: number;
  expires_in?: number;
}

export interface TtlockApp {
  clientId: string;
  clientSecret: string;
}

/** errcodes that mean "this access token is no good": get another one and try once more. */
export const TOKEN_ERRCODES = new Set([10003, 10004]);

export function ttlockClient(baseUrl: string, fetcher: typeof fetch = fetch) {
  const base = baseUrl.replace(/\/+$/, '');

  async function send(path: string, params: Record<string, string | number>, method: 'GET' | 'POST') {
    const form = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    let response: Response;
    try {
      response =
        method === 'GET'
          ? await fetcher(`${base}${path}?${form}`, { signal: AbortSignal.timeout(15_000) })
          : await fetcher(`${base}${path}`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body: form.toString(),
              signal: AbortSignal.timeout(15_000),
            });
    } catch (error) {
      throw new TtlockError(-1, `TTLock could not be reached: ${(error as Error).message}`);
    }
    let body: Record<string, unknown>;
    try {
      body = (await response.json()) as Record<string, unknown>;
    } catch {
      throw new TtlockError(-1, `TTLock answered HTTP ${response.status} without JSON`);
    }
    const errcode = typeof body.errcode === 'number' ? body.errcode : Number(body.errcode ?? 0);
    if (errcode !== 0 && !Number.isNaN(errcode)) throw new TtlockError(errcode, String(body.errmsg ?? 'TTLock error'));
    // The token endpoint can also answer OAuth's {error, error_description}.
    if (typeof body.error === 'string') throw new TtlockError(10007, String(body.error_description ?? body.error));
    if (!response.ok) throw new TtlockError(-1, `TTLock answered HTTP ${response.status}`);
    return body;
  }

  function tokenOf(body: Record<string, unknown>): TtlockToken {
    if (typeof body.access_token !== 'string') throw new TtlockError(-1, 'TTLock gave no access token');
    return body as unknown as TtlockToken;
  }

  return {
    /**
     * A token for the TTLock app account (password grant; the password goes as its MD5, which
     * the organisation's account already stores: `passwordIsMd5`).
     */
    async passwordToken(
      app: TtlockApp,
      username: string,
      password: string,
      passwordIsMd5 = false,
    ): Promise<TtlockToken> {
      return tokenOf(
        await send(
          '/oauth2/token',
          {
            clientId: app.clientId,
            clientSecret: app.clientSecret,
            username,
            password: passwordIsMd5 ? password : md5(password),
          },
          'POST',
        ),
      );
    },
    /** A new token from the refresh token. */
    async refreshToken(app: TtlockApp, refreshToken: string): Promise<TtlockToken> {
      return tokenOf(
        await send(
          '/oauth2/token',
          {
            clientId: app.clientId,
            clientSecret: app.clientSecret,
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
          },
          'POST',
        ),
      );
    },
    /** A v3 call with the common parameters. */
    v3(
      path: string,
      clientId: string,
      accessToken: string,
      params: Record<string, string | number>,
      method: 'GET' | 'POST' = 'POST',
    ) {
      return send(path, { clientId, accessToken, ...params, date: Date.now() }, method);
    },
  };
}

export type TtlockClient = ReturnType<typeof ttlockClient>;
