/**
 * GoTrue's error responses. auth-js sends `X-Supabase-Api-Version: 2024-01-01` and then reads
 * `{code, message}` — but only if the response echoes that header; older clients (no header)
 * get the legacy `{code: <status>, error_code, msg}` shape.
 */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown> | undefined;
  constructor(status: number, code: string, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** An OAuth2-style error (`{error, error_description}`), as GoTrue answers some token requests. */
export class OAuthError extends Error {
  readonly status: number;
  readonly error: string;
  constructor(error: string, description: string, status = 400) {
    super(description);
    this.error = error;
    this.status = status;
  }
}

export const badRequest = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthError(400, code, message, extra);
export const unprocessable = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthError(422, code, message, extra);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = Date.parse('2024-01-01T00:00:00Z');

/** The request's API version, if it names one GoTrue knows (only 2024-01-01 exists). */
export function requestApiVersion(req: Request): string | null {
  const v = req.headers.get(API_VERSION_HEADER);
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  return Date.parse(`${v}T00:00:00Z`) >= API_VERSION_2024 ? '2024-01-01' : null;
}

export function errorResponse(err: unknown, req: Request): Response {
  const headers = new Headers({ 'content-type': 'application/json' });
  const version = requestApiVersion(req);
  if (version) headers.set(API_VERSION_HEADER, version);
  if (err instanceof OAuthError) {
    return new Response(JSON.stringify({ error: err.error, error_description: err.message }), {
      status: err.status,
      headers,
    });
  }
  const e =
    err instanceof AuthError
      ? err
      : new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
  if (!(err instanceof AuthError)) console.error('[auth] unexpected failure:', err);
  headers.set('x-sb-error-code', e.code);
  const body = version
    ? { code: e.code, message: e.message, ...e.extra }
    : { code: e.status, error_code: e.code, msg: e.message, ...e.extra };
  return new Response(JSON.stringify(body), { status: e.status, headers });
}
