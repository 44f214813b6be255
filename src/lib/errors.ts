import { createErrorId } from './error-id';
import { i18n, type Language } from './i18n';

/**
 * One mapping from whatever failed (auth-js, PostgREST, storage, edge functions, the network)
 * to the messages of SPEC §8, in the user's language. Fetchers throw `toAppError(error)`;
 * screens and toasts show `getErrorMessage(error)`.
 */
export type AppErrorKind =
  | 'session_expired'
  | 'organization_required'
  | 'network'
  | 'permission_denied'
  | 'invalid_input'
  | 'booking_overlap'
  /** The row asked for does not exist or is not the caller's (HTTP 404, PT404, PGRST116). */
  | 'not_found'
  /** Too many requests (HTTP 429, PT429) without a rule key of its own. */
  | 'rate_limited'
  /** A database rule refused with a key we translate (private.fail(..., 'unit_photo_limit')). */
  | 'rule'
  /** The server failed in a way we do not recognise: shown with an ID to quote to support. */
  | 'operation_failed'
  | 'unknown';

const MESSAGE_KEYS: Record<Exclude<AppErrorKind, 'rule'>, string> = {
  session_expired: 'errors.session_expired',
  organization_required: 'errors.organization_required',
  network: 'errors.network',
  permission_denied: 'errors.permission_denied',
  invalid_input: 'errors.invalid_input',
  booking_overlap: 'errors.db.booking_overlap',
  // SPEC §8 has no sentence of its own for these: a refusal of what was asked for, and a
  // request to try again later.
  not_found: 'errors.invalid_input',
  rate_limited: 'errors.unknown',
  operation_failed: 'errors.operation_failed',
  unknown: 'errors.unknown',
};

export class AppError extends Error {
  readonly kind: AppErrorKind;
  /** Key in the `common` namespace. */
  readonly messageKey: string;
  /** SQLSTATE, PostgREST (`PGRST…`) or auth error code of the original failure, if any. */
  readonly code: string | undefined;
  readonly id: string;

  constructor(kind: AppErrorKind, options: { messageKey?: string; code?: string; cause?: unknown; id?: string } = {}) {
    const messageKey = options.messageKey ?? (kind === 'rule' ? MESSAGE_KEYS.unknown : MESSAGE_KEYS[kind]);
    super(messageKey, { cause: options.cause });
    this.name = 'AppError';
    this.kind = kind;
    this.messageKey = messageKey;
    this.code = options.code;
    this.id = options.id ?? createErrorId();
  }

  static organizationRequired(cause?: unknown): AppError {
    return new AppError('organization_required', { cause });
  }
}

const SESSION_AUTH_CODES = new Set([
  'session_not_found',
  'session_expired',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'bad_jwt',
  'no_authorization',
]);
const PERMISSION_AUTH_CODES = new Set(['not_admin', 'user_banned', 'insufficient_aal']);
const INPUT_AUTH_CODES = new Set([
  'validation_failed',
  'bad_json',
  'weak_password',
  'same_password',
  'otp_expired',
  'invalid_credentials',
  'email_address_invalid',
  'user_already_exists',
  'phone_exists',
  'email_exists',
]);
/** SQLSTATEs and PostgREST codes that mean "the data sent was wrong", not "the server broke". */
const INPUT_CODES = new Set([
  '23502', // not_null_violation
  '23503', // foreign_key_violation
  '23505', // unique_violation
  '23514', // check_violation
  '23P01', // exclusion_violation (other than the booking overlap, handled first)
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22023', // invalid_parameter_value
  '22P02', // invalid_text_representation
  'PGRST100', // unparsable filter
  'PGRST102', // invalid body
  'PGRST204', // unknown column in the payload
]);
const SESSION_CODES = new Set(['PGRST301', 'PGRST302', 'PGRST303']);
/** `.single()` found no row: gone, or never visible to the caller. */
const NO_ROW_CODE = 'PGRST116';
/** PostgREST answers SQLSTATE `PTxyz` with HTTP status xyz (private.fail(…, 'PT404')). */
const HTTP_SQLSTATE = /^PT(\d{3})$/;
/**
 * The AppError code of an answer whose shape the app did not expect (lib/fetch.ts parseData):
 * shown as "Operation failed (ID: …)" and never retried, since the same request gets the same shape.
 */
export const UNEXPECTED_RESPONSE = 'unexpected_response';
const NETWORK_MESSAGE =
  /failed to fetch|fetch failed|networkerror|network request failed|load failed|err_network|err_internet_disconnected/i;
/** A rule key: in HINT (private.fail), or the bare message of `raise exception 'some_key'`. */
const RULE_KEY = /^[a-z][a-z0-9_]{2,63}$/;

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  details?: unknown;
  hint?: unknown;
  status?: unknown;
  statusCode?: unknown;
  context?: unknown;
}

function shapeOf(error: unknown): ErrorShape {
  return typeof error === 'object' && error !== null ? error : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function fromStatus(status: number, cause: unknown, code?: string): AppError | null {
  if (status === 0) return new AppError('network', { cause, code });
  if (status === 401) return new AppError('session_expired', { cause, code });
  if (status === 403) return new AppError('permission_denied', { cause, code });
  if (status === 404) return new AppError('not_found', { cause, code });
  if (status === 429) return new AppError('rate_limited', { cause, code });
  if (status === 400 || status === 409 || status === 422) return new AppError('invalid_input', { cause, code });
  if (status >= 500) return new AppError('operation_failed', { cause, code });
  return null;
}

/** A translation exists for this rule key (in English, which every key must have). */
function isKnownRule(key: string): boolean {
  return i18n.exists(`errors.db.${key}`, { ns: 'common', lng: 'en' });
}

export interface ToAppErrorContext {
  /**
   * The HTTP status of the answer, when the error object itself does not carry it (postgrest-js
   * returns it beside `error`). Used only when nothing more specific is known.
   */
  status?: number;
}

export function toAppError(error: unknown, context: ToAppErrorContext = {}): AppError {
  if (error instanceof AppError) return error;
  const shape = shapeOf(error);
  const name = text(shape.name);
  const code = text(shape.code);
  const message = text(shape.message);
  const details = text(shape.details);
  const status = typeof shape.status === 'number' ? shape.status : undefined;

  // Network failures first: fetch rejections, the wrappers supabase-js puts around them, and
  // postgrest-js, which reports a failed fetch as `{ code: '', message: 'TypeError: Failed to fetch' }`.
  if (
    (name === 'AuthRetryableFetchError' && (status === undefined || status === 0)) ||
    name === 'FunctionsFetchError' ||
    (name === 'StorageUnknownError' && NETWORK_MESSAGE.test(message)) ||
    (!code && NETWORK_MESSAGE.test(message)) ||
    (typeof navigator !== 'undefined' && navigator.onLine === false)
  ) {
    return new AppError('network', { cause: error });
  }

  // auth-js
  if (name === 'AuthSessionMissingError' || SESSION_AUTH_CODES.has(code))
    return new AppError('session_expired', { cause: error, code });
  if (name.startsWith('Auth')) {
    if (PERMISSION_AUTH_CODES.has(code)) return new AppError('permission_denied', { cause: error, code });
    if (INPUT_AUTH_CODES.has(code)) return new AppError('invalid_input', { cause: error, code });
    if (status !== undefined)
      return fromStatus(status, error, code) ?? new AppError('operation_failed', { cause: error, code });
  }

  // Edge functions: the HTTP status of the function's response decides.
  if (name === 'FunctionsHttpError' && shape.context instanceof Response) {
    return fromStatus(shape.context.status, error) ?? new AppError('operation_failed', { cause: error });
  }

  // PostgREST / Postgres. Business rules raise through private.fail(): a readable English
  // message, a stable key in HINT, and a SQLSTATE that says which kind of refusal it is.
  const hint = text(shape.hint);
  const ruleKey = [hint, message].find((candidate) => RULE_KEY.test(candidate) && isKnownRule(candidate));
  if (hint === 'not_authenticated') return new AppError('session_expired', { cause: error, code });
  if (ruleKey === 'organization_access_required') return new AppError('organization_required', { cause: error, code });
  if (ruleKey === 'booking_overlap' || (code === '23P01' && `${message} ${details}`.includes('bookings_no_overlap'))) {
    return new AppError('booking_overlap', { cause: error, code });
  }
  if (ruleKey) return new AppError('rule', { cause: error, code, messageKey: `errors.db.${ruleKey}` });
  if (code === 'P0001') return new AppError('operation_failed', { cause: error, code });
  const httpSqlstate = HTTP_SQLSTATE.exec(code);
  if (httpSqlstate) {
    const mapped = fromStatus(Number(httpSqlstate[1]), error, code);
    if (mapped) return mapped;
  }
  if (code === NO_ROW_CODE) return new AppError('not_found', { cause: error, code });
  if (SESSION_CODES.has(code)) return new AppError('session_expired', { cause: error, code });
  if (code === '42501') return new AppError('permission_denied', { cause: error, code });
  if (INPUT_CODES.has(code)) return new AppError('invalid_input', { cause: error, code });

  // Storage (HTTP 400 with the real status in the body) and anything else carrying a status.
  // The answer's own status (postgrest-js) only for a body without a code: with one (PGRST202, a
  // function missing from the schema cache, is a 404), the code says more than the status.
  const bodyStatus = Number(shape.status ?? shape.statusCode ?? (code ? undefined : context.status));
  if (Number.isFinite(bodyStatus)) {
    const mapped = fromStatus(bodyStatus, error, code || undefined);
    if (mapped) return mapped;
  }
  if (code) return new AppError('operation_failed', { cause: error, code });
  return new AppError('unknown', { cause: error });
}

/**
 * An edge function's refusal `{ code, message }` (e.g. the zatca function's
 * `zatca_otp_required`) as the rule it names, when we translate that code (`errors.db.<code>`);
 * null otherwise (the HTTP status then decides, as in toAppError).
 */
export function functionRefusal(body: unknown, cause: unknown): AppError | null {
  const code = text(shapeOf(body).code);
  if (!RULE_KEY.test(code) || !isKnownRule(code)) return null;
  return new AppError('rule', { cause, code, messageKey: `errors.db.${code}` });
}

/** The SPEC §8 sentence for this error, in `language` (default: the current UI language). */
export function getErrorMessage(error: unknown, language?: Language): string {
  const appError = toAppError(error);
  return i18n.t(appError.messageKey, { ns: 'common', lng: language, id: appError.id });
}

/** Whether retrying the same request can help; refusals (input, permission, session) never will. */
export function isRetryable(error: unknown): boolean {
  const { kind, code } = toAppError(error);
  if (code === UNEXPECTED_RESPONSE) return false;
  return kind === 'network' || kind === 'operation_failed' || kind === 'unknown';
}
