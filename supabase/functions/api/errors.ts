// Every refusal of the public API is JSON `{"error": {"code", "message", "details"?}}` with a
// stable `code` (docs/api.md lists them). Bad input is a 4xx; a 5xx always means a real fault.

export interface ErrorDetail {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const JSON_HEADERS: Record<string, string> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
};

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(error: ApiError, headers: Record<string, string> = {}): Response {
  const body = {
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  };
  return jsonResponse(error.status, body, { ...headers, ...error.headers });
}

/** A lower-case rule key, as the database's private.fail() puts it in HINT. */
const RULE_KEY = /^[a-z][a-z0-9_]{2,63}$/;
const HTTP_SQLSTATE = /^PT(\d{3})$/;

interface PostgrestError {
  code?: unknown;
  message?: unknown;
  details?: unknown;
  hint?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The API's default code for a status the database chose (PTxxx) without a rule key. */
const CODE_OF_STATUS: Record<number, string> = {
  400: 'invalid_parameter',
  401: 'invalid_api_key',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'validation_failed',
  429: 'rate_limited',
};

/**
 * A PostgREST error answer as the API's refusal. Business rules raise through private.fail()
 * (message, rule key in HINT, a SQLSTATE saying which kind of refusal); constraint violations
 * carry their SQLSTATE. Anything else is a fault of ours: 500, without the database's words.
 */
export function fromDatabase(status: number, body: unknown): ApiError {
  const error = (typeof body === 'object' && body !== null ? body : {}) as PostgrestError;
  const code = text(error.code);
  const hint = text(error.hint);
  const message = text(error.message);
  const rule = RULE_KEY.test(hint) ? hint : null;

  const http = HTTP_SQLSTATE.exec(code);
  if (http) {
    const httpStatus = Number(http[1]);
    if (httpStatus === 401) return new ApiError(401, 'invalid_api_key', 'The API key is invalid or has been revoked');
    if (httpStatus >= 400 && httpStatus < 500) {
      return new ApiError(httpStatus, rule ?? CODE_OF_STATUS[httpStatus] ?? 'bad_request', message || 'Bad request');
    }
  }
  // The bookings trigger's overlap (the SPEC §5 sentence), or the exclusion constraint under a race.
  if (code === '23P01') {
    return new ApiError(409, 'booking_overlap', 'This unit is already booked for the selected dates');
  }
  if (code === '23514' || code === '23502') {
    return new ApiError(422, rule ?? 'validation_failed', rule ? message : describeConstraint(message));
  }
  if (code === '23505') return new ApiError(409, rule ?? 'conflict', rule ? message : 'This record already exists');
  if (['22P02', '22007', '22008', '22003', '22001', '22023'].includes(code)) {
    return new ApiError(422, 'validation_failed', 'A value has the wrong format or is out of range');
  }
  return new ApiError(500, 'internal_error', `Something went wrong on our side (HTTP ${status}); try again later`);
}

/** A check or not-null violation without a rule key, in words that name no internals beyond the field. */
function describeConstraint(message: string): string {
  const column = /column "([a-z_]+)"/.exec(message)?.[1];
  if (column) return `${column} is required`;
  const constraint = /constraint "([a-z_]+)"/.exec(message)?.[1];
  const field = constraint?.replace(/^(clients|bookings)_/, '').replace(/_check$/, '');
  return field ? `${field} is not valid` : 'The request breaks a rule of the data';
}
