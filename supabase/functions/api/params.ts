// What a request to the public API may carry: query parameters (checked by hand, each refusal a
// 400 invalid_parameter naming the parameter) and request bodies (zod schemas, each refusal a
// 422 validation_failed listing the fields). The database checks everything again: these give
// the caller clear messages before a round trip. Bodies follow the app's forms (src/domain):
// the same bounds, dates as YYYY-MM-DD, phones in E.164 (the form's output).
import { z } from './deps.ts';
import { ApiError, type ErrorDetail } from './errors.ts';

export const BOOKING_STATUSES = ['pending', 'confirmed', 'checked_in', 'checked_out', 'cancelled'] as const;
export const BOOKING_SOURCES = ['direct', 'airbnb', 'booking_com', 'other'] as const;
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;
/** The largest group a unit may take (src/domain/units.ts MAX_GUESTS); each unit's own max is checked by the database. */
const MAX_GUESTS = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const E164 = /^\+[1-9]\d{6,14}$/;

export type Resource = 'units' | 'bookings' | 'clients';

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, 'invalid_parameter', `${field}: ${message}`, [{ field, message }]);
}

/** Query parameters, refusing any the endpoint does not know (a typo would otherwise filter nothing). */
export class Query {
  constructor(
    private readonly params: URLSearchParams,
    allowed: readonly string[],
  ) {
    for (const name of new Set(params.keys())) {
      if (!allowed.includes(name)) {
        throw invalid(name, `unknown parameter (this endpoint takes: ${allowed.join(', ') || 'none'})`);
      }
      if (params.getAll(name).length > 1) throw invalid(name, 'give it once');
    }
  }

  text(name: string): string | null {
    const value = this.params.get(name);
    return value === null || value.trim() === '' ? null : value.trim();
  }

  uuid(name: string): string | null {
    const value = this.text(name);
    if (value !== null && !isUuid(value)) throw invalid(name, 'must be a UUID');
    return value;
  }

  day(name: string, required = false): string | null {
    const value = this.text(name);
    if (value === null) {
      if (required) throw invalid(name, 'is required (YYYY-MM-DD)');
      return null;
    }
    if (!isDay(value)) throw invalid(name, 'must be a date written YYYY-MM-DD');
    return value;
  }

  boolean(name: string): boolean | null {
    const value = this.text(name);
    if (value === null) return null;
    if (value !== 'true' && value !== 'false') throw invalid(name, 'must be true or false');
    return value === 'true';
  }

  limit(): number {
    const value = this.text('limit');
    if (value === null) return DEFAULT_LIMIT;
    const n = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
    if (!(n >= 1 && n <= MAX_LIMIT)) throw invalid('limit', `must be a whole number from 1 to ${MAX_LIMIT}`);
    return n;
  }

  statuses(): string[] | null {
    const value = this.text('status');
    if (value === null) return null;
    const list = [...new Set(value.split(',').map((s) => s.trim()))];
    const wrong = list.filter((s) => !(BOOKING_STATUSES as readonly string[]).includes(s));
    if (wrong.length > 0)
      throw invalid('status', `must be one or more of ${BOOKING_STATUSES.join(', ')} (comma-separated)`);
    return list;
  }

  /** The `{k, id}` position a list's previous page handed out as `next_cursor`. */
  cursor(resource: Resource): { k: string; id: string } | null {
    const value = this.text('cursor');
    return value === null ? null : decodeCursor(value, resource);
  }

  /** `from` < `to` when both are given. */
  range(required: boolean): { from: string | null; to: string | null } {
    const from = this.day('from', required);
    const to = this.day('to', required);
    if (from !== null && to !== null && to <= from) throw invalid('to', 'must be after from');
    return { from, to };
  }
}

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(value: string): string {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** An opaque cursor: the page's last sort value and id, and which list it belongs to. */
export function encodeCursor(resource: Resource, next: { k: unknown; id: unknown }): string {
  return base64url(JSON.stringify({ r: resource, k: next.k, id: next.id }));
}

export function decodeCursor(cursor: string, resource: Resource): { k: string; id: string } {
  const refuse = () =>
    new ApiError(400, 'invalid_cursor', 'The cursor is not valid; start again without it', [
      { field: 'cursor', message: 'use the next_cursor of the previous page of the same list' },
    ]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64url(cursor));
  } catch {
    throw refuse();
  }
  const { r, k, id } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (r !== resource || typeof k !== 'string' || typeof id !== 'string' || !isUuid(id)) throw refuse();
  const validK = resource === 'bookings' ? isDay(k) : !Number.isNaN(Date.parse(k));
  if (!validK) throw refuse();
  return { k, id };
}

const day = z
  .string({ error: 'is required (YYYY-MM-DD)' })
  .refine(isDay, { error: 'must be a date written YYYY-MM-DD' });
const uuid = z.string({ error: 'is required' }).refine(isUuid, { error: 'must be a UUID' });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must have at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

export const createBookingSchema = z
  .strictObject({
    unit_id: uuid,
    client_id: uuid,
    check_in: day,
    check_out: day,
    guests_count: z
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(MAX_GUESTS, { error: `must be at most ${MAX_GUESTS}` })
      .optional(),
    source: z.enum(BOOKING_SOURCES, { error: `must be one of ${BOOKING_SOURCES.join(', ')}` }).optional(),
    status: z.enum(['confirmed', 'pending'], { error: 'a new booking is confirmed or pending' }).optional(),
    special_requests: optionalText(2000),
  })
  .refine((b) => b.check_out > b.check_in, { path: ['check_out'], error: 'must be after check_in' });

export const createClientSchema = z
  .strictObject({
    name: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200, {
      error: 'must have at most 200 characters',
    }),
    phone: z
      .string({ error: 'is required' })
      .trim()
      .regex(E164, { error: 'must be in E.164 form, e.g. +966501234567' }),
    email: z
      .email({ error: 'must be an e-mail address' })
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null)),
    nationality: z
      .string()
      .regex(/^[A-Za-z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 code, e.g. SA' })
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : null)),
    national_id: optionalText(30),
    passport_number: optionalText(30),
    preferred_language: z.enum(['ar', 'en'], { error: 'must be ar or en' }).optional(),
    is_vip: z.boolean({ error: 'must be true or false' }).optional(),
  })
  // SPEC §5: either is enough, neither is refused (the database's clients_identity rule).
  .refine((c) => c.national_id !== null || c.passport_number !== null, {
    path: ['national_id'],
    error: 'Either National ID or Passport is required',
  });

/** Reads a JSON body and checks it against `schema`: 400 invalid_json, or 422 validation_failed with every field. */
export async function readBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as JSON (Content-Type: application/json)');
  }
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new ApiError(400, 'invalid_json', 'The body is not valid JSON');
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const details: ErrorDetail[] = parsed.error.issues.map((issue) => ({
    field: issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'body'),
    message: issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message,
  }));
  throw new ApiError(
    422,
    'validation_failed',
    `The request body is not valid: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`,
    details,
  );
}
