import type { z } from 'zod';
import { AppError, functionRefusal, toAppError, UNEXPECTED_RESPONSE } from './errors';
import { reportError } from './error-reporting';

/**
 * The one way a fetcher in `features/<x>/api` sends a request and reads its answer:
 *
 * - `run(request, { signal, schema })` for a PostgREST request (a table read or write, or an RPC)
 *   as supabase-js builds it: applies the query's AbortSignal, turns postgrest-js' own retry off,
 *   throws `toAppError(error)` (SPEC §8), and returns the data, parsed with `schema` when given;
 * - `runCounted(…)` the same, with the row count a `{ count: 'exact' }` request asked for;
 * - `unwrap(result, { schema })` for the `{ data, error }` answers of storage and edge functions.
 *
 * Why postgrest-js' retry goes: it repeats a failed GET/HEAD three times (1 s, 2 s, 4 s) inside
 * every attempt TanStack Query makes, so one unreachable server meant 16 requests and ~35 s
 * before the user read "Network error". TanStack Query is the only retry layer (SPEC §9:
 * 3 query retries, 1 in debug mode; lib/query-client.ts).
 *
 * Why a schema: RPCs returning json/jsonb are typed `Json` by the generator. Parsing them here
 * turns a changed shape into "Operation failed (ID: …)" at the fetcher, logged with the ID and
 * the mismatch, instead of a crash deep inside a component.
 */

/** A PostgREST request before it is sent: what `supabase.from(…)…` and `supabase.rpc(…)` return. */
export interface PostgrestRequest extends PromiseLike<PostgrestAnswer> {
  retry(enabled: boolean): unknown;
  /**
   * Present on every builder at run time (`.single()` / `.maybeSingle()` return the same
   * builder); their declared type just lacks it.
   */
  abortSignal?(signal: AbortSignal): unknown;
}

/** The resolved answer of postgrest-js, as much of it as we read. */
type PostgrestAnswer =
  | { data: unknown; error: null; count: number | null; status: number }
  | { data: null; error: PostgrestFailure; count: null; status: number };

interface PostgrestFailure {
  message: string;
  code: string;
  details: string | null;
  hint: string | null;
}

/** The data type of a request that succeeded (the success branch of its answer). */
export type DataOf<Request extends PostgrestRequest> =
  Request extends PromiseLike<infer Answer> ? (Answer extends { error: null; data: infer Data } ? Data : never) : never;

export interface SignalOption {
  /** TanStack Query's signal: a cancelled query (unmount, new key) aborts its request. */
  signal?: AbortSignal;
}

export interface SchemaOption<Schema extends z.ZodType | undefined> {
  /** Checks and converts the answer; a mismatch is an operation_failed AppError. */
  schema?: Schema;
}

/** The schema's output when one is given, else the data type the client declares. */
type Parsed<Schema extends z.ZodType | undefined, Declared> = Schema extends z.ZodType ? z.output<Schema> : Declared;

function prepare(request: PostgrestRequest, signal: AbortSignal | undefined): void {
  request.retry(false);
  if (!signal) return;
  if (typeof request.abortSignal !== 'function') {
    throw new TypeError('run(): this request cannot take an AbortSignal');
  }
  request.abortSignal(signal);
}

async function send(request: PostgrestRequest, signal: AbortSignal | undefined) {
  prepare(request, signal);
  const answer = await request;
  // The HTTP status helps only when the body carried no code (a proxy's HTML error page).
  if (answer.error) throw toAppError(answer.error, { status: answer.status });
  return answer;
}

/** Parses `data` with `schema`; a mismatch is logged with its error ID and thrown as operation_failed. */
export function parseData<Schema extends z.ZodType>(schema: Schema, data: unknown): z.output<Schema> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const error = new AppError('operation_failed', { code: UNEXPECTED_RESPONSE, cause: parsed.error });
  reportError(parsed.error, 'Unexpected response shape', error.id);
  throw error;
}

/** Sends a PostgREST request: its data (parsed with `schema` when given), or the SPEC §8 error thrown. */
export async function run<Request extends PostgrestRequest, Schema extends z.ZodType | undefined = undefined>(
  request: Request,
  options: SignalOption & SchemaOption<Schema> = {},
): Promise<Parsed<Schema, DataOf<Request>>> {
  const { data } = await send(request, options.signal);
  return (options.schema ? parseData(options.schema, data) : data) as Parsed<Schema, DataOf<Request>>;
}

/**
 * `run` for a request sent with `{ count: 'exact' }`: the data and the total. A `head: true`
 * request has no data (null), only the count.
 */
export async function runCounted<Request extends PostgrestRequest>(
  request: Request,
  options: SignalOption = {},
): Promise<{ data: DataOf<Request>; count: number }> {
  const { data, count } = await send(request, options.signal);
  return { data: data as DataOf<Request>, count: count ?? 0 };
}

/**
 * The JSON body of an edge function's error answer (`{ code, message, details? }`), or null when
 * the error carries no answer or the answer is not JSON. functions-js hands over the unread
 * Response; a copy is read, so the caller may still read it.
 */
export async function functionErrorBody(error: unknown): Promise<{ code?: unknown; details?: unknown } | null> {
  const context = (error as { context?: unknown } | null)?.context;
  if (!(context instanceof Response)) return null;
  const body: unknown = await context
    .clone()
    .json()
    .catch(() => null);
  return typeof body === 'object' && body !== null ? body : null;
}

/**
 * A refusal code of an edge function's answer when it is one of `known` (the codes a screen
 * explains in its own words), else null.
 */
export async function knownFunctionRefusal<Code extends string>(
  error: unknown,
  known: readonly Code[],
): Promise<{ code: Code; details: unknown } | null> {
  const body = await functionErrorBody(error);
  const code = body?.code;
  return typeof code === 'string' && (known as readonly string[]).includes(code)
    ? { code: code as Code, details: body?.details }
    : null;
}

/** An edge function's refusal as the app's error (SPEC §8 message by its code). */
async function refusalOfFunction(error: unknown): Promise<AppError | null> {
  if ((error as { name?: unknown }).name !== 'FunctionsHttpError') return null;
  const body = await functionErrorBody(error);
  return body ? functionRefusal(body, error) : null;
}

/** What storage-js and functions-js resolve to. */
type DataOrError = { data: unknown; error: null } | { data: null; error: unknown };

/** The data type of a `{ data, error }` answer that succeeded. */
type UnwrappedData<Answer> = Answer extends { error: null; data: infer Data } ? Data : never;

/**
 * The `{ data, error }` answer of storage or an edge function: the data, or the SPEC §8 error
 * thrown. Neither client retries on its own; pass the signal to the call itself (`list(…, …,
 * { signal })`, `invoke(…, { signal })`).
 */
export async function unwrap<Answer extends DataOrError, Schema extends z.ZodType | undefined = undefined>(
  result: PromiseLike<Answer>,
  options: SchemaOption<Schema> = {},
): Promise<Parsed<Schema, UnwrappedData<Answer>>> {
  const answer = await result;
  if (answer.error) throw (await refusalOfFunction(answer.error)) ?? toAppError(answer.error);
  return (options.schema ? parseData(options.schema, answer.data) : answer.data) as Parsed<
    Schema,
    UnwrappedData<Answer>
  >;
}
