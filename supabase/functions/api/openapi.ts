// The OpenAPI 3.1 description of the public API, served at /functions/v1/api/openapi.json.
// openapi.test.ts checks that it names exactly the routes of routes.ts; docs/api.md is the
// readable guide to the same endpoints.
import { BOOKING_SOURCES, BOOKING_STATUSES, DEFAULT_LIMIT, MAX_LIMIT } from './params.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
const uuid = { type: 'string', format: 'uuid' };
const day = { type: 'string', format: 'date', examples: ['2026-12-01'] };
const stamp = { type: 'string', format: 'date-time' };
const money = { type: 'number', minimum: 0, description: 'In the organisation’s currency (`currency`).' };

const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(ref('Error')) });

/** The refusals every authenticated endpoint may answer. */
const common = {
  '401': error('No API key, or one that is unknown or revoked (`missing_api_key`, `invalid_api_key`).'),
  '429': {
    description:
      'More than 60 requests in this minute for this key (`rate_limited`), or more than 30 requests without a ' +
      'valid key from your address in five minutes (`too_many_requests`, every request from it is refused ' +
      'until the window ends).',
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds until the next window.' } },
    content: json(ref('Error')),
  },
};
const listRefusals = { '400': error('A query parameter or the cursor is not valid.'), ...common };

const query = (name: string, description: string, schema: unknown, required = false) => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});
const idParam = { name: 'id', in: 'path', required: true, schema: uuid };
const paging = [
  query('limit', `Page size (default ${DEFAULT_LIMIT}).`, { type: 'integer', minimum: 1, maximum: MAX_LIMIT }),
  query('cursor', 'The `next_cursor` of the previous page.', { type: 'string' }),
];
const page = (item: string) => ({
  type: 'object',
  required: ['data', 'next_cursor', 'next'],
  properties: {
    data: { type: 'array', items: ref(item) },
    next_cursor: nullable('string', { description: 'Pass as `cursor` for the next page; null on the last page.' }),
    next: nullable('string', { format: 'uri', description: 'The next page’s full URL; null on the last page.' }),
  },
});

export const OPENAPI = {
  openapi: '3.1.0',
  info: {
    title: 'Nuzl public API',
    version: '1.0.0',
    description:
      'Units, availability, bookings and guests of one organisation, for its own systems. Authenticate with an ' +
      'API key from Settings → Security (`Authorization: Bearer nzl_…`); a key acts only within its organisation. ' +
      'Errors are `{"error": {"code", "message", "details"?}}`; 60 requests a minute per key. Guide: docs/api.md.',
  },
  servers: [
    {
      url: '{project}/functions/v1/api',
      variables: { project: { default: 'http://127.0.0.1:54321', description: 'Your Supabase project URL.' } },
    },
  ],
  security: [{ apiKey: [] }],
  paths: {
    '/openapi.json': {
      get: {
        operationId: 'getOpenApi',
        summary: 'This document',
        security: [],
        responses: { '200': { description: 'The OpenAPI 3.1 document.', content: json({ type: 'object' }) } },
      },
    },
    '/v1/units': {
      get: {
        operationId: 'listUnits',
        summary: 'List units, oldest first',
        parameters: [...paging, query('active', 'Only active (true) or inactive (false) units.', { type: 'boolean' })],
        responses: { '200': { description: 'A page of units.', content: json(page('Unit')) }, ...listRefusals },
      },
    },
    '/v1/units/{id}': {
      get: {
        operationId: 'getUnit',
        summary: 'Get a unit',
        parameters: [idParam],
        responses: {
          '200': { description: 'The unit.', content: json(ref('Unit')) },
          '404': error('No such unit in your organisation (`unit_not_found`).'),
          ...common,
        },
      },
    },
    '/v1/units/{id}/availability': {
      get: {
        operationId: 'getUnitAvailability',
        summary: 'Taken dates of a unit, and whether a range is free',
        description:
          'The stays (not cancelled) that take nights of [from, to) and whether the whole range is free. `to` is ' +
          'the check-out day: from=2026-12-01&to=2026-12-04 asks for three nights. At most 366 days.',
        parameters: [
          idParam,
          query('from', 'First night (check-in day).', day, true),
          query('to', 'Check-out day, after `from`.', day, true),
        ],
        responses: {
          '200': { description: 'Availability.', content: json(ref('Availability')) },
          '400': error('`from` or `to` missing or not valid, or the range is longer than 366 days.'),
          '404': error('No such unit in your organisation (`unit_not_found`).'),
          ...common,
        },
      },
    },
    '/v1/bookings': {
      get: {
        operationId: 'listBookings',
        summary: 'List bookings by check-in date',
        parameters: [
          ...paging,
          query('status', 'Comma-separated statuses.', { type: 'string', examples: ['confirmed,checked_in'] }),
          query('unit_id', 'Only this unit’s bookings.', uuid),
          query('client_id', 'Only this guest’s bookings.', uuid),
          query('from', 'Only stays that end after this day.', day),
          query('to', 'Only stays that start before this day.', day),
        ],
        responses: { '200': { description: 'A page of bookings.', content: json(page('Booking')) }, ...listRefusals },
      },
      post: {
        operationId: 'createBooking',
        summary: 'Create a booking',
        description:
          'The same rules as the app: the dates must be free (409 `booking_overlap`, "This unit is already booked ' +
          'for the selected dates"), the unit active (`unit_inactive`), no more guests than the unit takes ' +
          '(`guests_count_invalid`). The total is computed from the unit’s price and the nights.',
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'A unique value per booking (e.g. a UUID, 1–255 printable characters). The same key and body within ' +
              '24 h replay the first answer (same status and body, `Idempotent-Replayed: true`) and book nothing ' +
              'more; the same key with another body is 422 `idempotency_key_reused`.',
            schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
          },
        ],
        requestBody: { required: true, content: json(ref('BookingCreate')) },
        responses: {
          '201': {
            description: 'The new booking (or, replayed for the same Idempotency-Key and body, the first answer).',
            headers: {
              Location: { schema: { type: 'string', format: 'uri' }, description: 'The booking’s address.' },
              'Idempotent-Replayed': {
                schema: { type: 'string', enum: ['true'] },
                description: 'Present when this is the stored answer of an earlier request with the same key.',
              },
            },
            content: json(ref('Booking')),
          },
          '400': error(
            'The body is not JSON (`invalid_json`), or the Idempotency-Key is malformed (`invalid_idempotency_key`).',
          ),
          '404': error('The unit or the guest is not in your organisation (`unit_not_found`, `client_not_found`).'),
          '409': error(
            'The dates are taken (`booking_overlap`), or a request with this Idempotency-Key is still being ' +
              'processed (`idempotency_in_progress`, with Retry-After).',
          ),
          '415': error('The body is not sent as application/json.'),
          '422': error(
            'A field is not valid (`validation_failed`, `unit_inactive`, `guests_count_invalid`), or the ' +
              'Idempotency-Key was used with another body (`idempotency_key_reused`).',
          ),
          ...common,
        },
      },
    },
    '/v1/bookings/{id}': {
      get: {
        operationId: 'getBooking',
        summary: 'Get a booking',
        parameters: [idParam],
        responses: {
          '200': { description: 'The booking.', content: json(ref('Booking')) },
          '404': error('No such booking in your organisation (`booking_not_found`).'),
          ...common,
        },
      },
    },
    '/v1/clients': {
      get: {
        operationId: 'listClients',
        summary: 'List guests, oldest first',
        parameters: [
          ...paging,
          query('email', 'Only the guest with this e-mail (exact, case-insensitive).', { type: 'string' }),
          query('phone', 'Only the guest with this phone (E.164, exact).', { type: 'string' }),
        ],
        responses: { '200': { description: 'A page of guests.', content: json(page('Client')) }, ...listRefusals },
      },
      post: {
        operationId: 'createClient',
        summary: 'Create a guest',
        requestBody: { required: true, content: json(ref('ClientCreate')) },
        responses: {
          '201': { description: 'The new guest.', content: json(ref('Client')) },
          '400': error('The body is not JSON (`invalid_json`).'),
          '415': error('The body is not sent as application/json.'),
          '422': error('A field is not valid (`validation_failed`, `client_identity_required`).'),
          ...common,
        },
      },
    },
    '/v1/clients/{id}': {
      get: {
        operationId: 'getClient',
        summary: 'Get a guest',
        parameters: [idParam],
        responses: {
          '200': { description: 'The guest.', content: json(ref('Client')) },
          '404': error('No such guest in your organisation (`client_not_found`).'),
          ...common,
        },
      },
    },
  },
  components: {
    securitySchemes: {
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        description: 'An API key from Settings → Security: `nzl_` and 64 hex digits.',
      },
    },
    schemas: {
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message'],
            properties: {
              code: { type: 'string', description: 'Stable, machine-readable.', examples: ['booking_overlap'] },
              message: { type: 'string', description: 'For people; may change.' },
              details: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['field', 'message'],
                  properties: { field: { type: 'string' }, message: { type: 'string' } },
                },
              },
            },
          },
        },
      },
      Unit: {
        type: 'object',
        properties: {
          id: uuid,
          name: { type: 'string' },
          name_ar: nullable('string'),
          type: { type: 'string', enum: ['villa', 'apartment', 'studio', 'wedding_hall', 'chalet'] },
          description: nullable('string'),
          description_ar: nullable('string'),
          price_per_night: money,
          cleaning_fee: money,
          security_deposit: money,
          currency: { type: 'string', enum: ['SAR', 'AED', 'USD', 'EUR'] },
          max_guests: { type: 'integer' },
          bedrooms: { type: 'integer' },
          bathrooms: { type: 'integer' },
          area_sqm: nullable('number'),
          address: {
            type: 'object',
            properties: {
              street: nullable('string'),
              city: nullable('string'),
              region: nullable('string'),
              postal_code: nullable('string'),
              country: { type: 'string', description: 'ISO 3166-1 alpha-2.' },
            },
          },
          location: {
            type: ['object', 'null'],
            properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
          },
          amenities: { type: 'array', items: { type: 'string' } },
          check_in_time: { type: 'string', examples: ['15:00'] },
          check_out_time: { type: 'string', examples: ['12:00'] },
          is_active: { type: 'boolean' },
          created_at: stamp,
          updated_at: stamp,
        },
      },
      Availability: {
        type: 'object',
        required: ['unit_id', 'from', 'to', 'available', 'taken'],
        properties: {
          unit_id: uuid,
          from: day,
          to: day,
          available: { type: 'boolean', description: 'True when no stay takes a night of [from, to).' },
          taken: {
            type: 'array',
            items: { type: 'object', properties: { check_in: day, check_out: day } },
          },
        },
      },
      Booking: {
        type: 'object',
        properties: {
          id: uuid,
          reference: { type: 'string' },
          unit_id: uuid,
          client_id: uuid,
          check_in: day,
          check_out: day,
          nights: { type: 'integer' },
          status: { type: 'string', enum: BOOKING_STATUSES },
          source: { type: 'string', enum: BOOKING_SOURCES },
          guests_count: { type: 'integer' },
          price_per_night: money,
          cleaning_fee: money,
          total_amount: { ...money, description: 'nights × price_per_night + cleaning_fee, computed by Nuzl.' },
          currency: { type: 'string', enum: ['SAR', 'AED', 'USD', 'EUR'] },
          special_requests: nullable('string'),
          hold_expires_at: nullable('string', {
            format: 'date-time',
            description: 'A pending request from the public booking page holds its dates until then.',
          }),
          cancelled_at: nullable('string', { format: 'date-time' }),
          cancellation_reason: nullable('string'),
          created_at: stamp,
          updated_at: stamp,
        },
      },
      BookingCreate: {
        type: 'object',
        additionalProperties: false,
        required: ['unit_id', 'client_id', 'check_in', 'check_out'],
        properties: {
          unit_id: uuid,
          client_id: uuid,
          check_in: day,
          check_out: { ...day, description: 'After check_in.' },
          guests_count: { type: 'integer', minimum: 1, default: 1, description: 'At most the unit’s max_guests.' },
          source: { type: 'string', enum: BOOKING_SOURCES, default: 'direct' },
          status: { type: 'string', enum: ['confirmed', 'pending'], default: 'confirmed' },
          special_requests: nullable('string', { maxLength: 2000 }),
        },
      },
      Client: {
        type: 'object',
        properties: {
          id: uuid,
          name: { type: 'string' },
          email: nullable('string', { format: 'email' }),
          phone: { type: 'string', description: 'E.164.' },
          nationality: nullable('string', { description: 'ISO 3166-1 alpha-2.' }),
          preferred_language: { type: 'string', enum: ['ar', 'en'] },
          is_vip: { type: 'boolean' },
          member_since: day,
          created_at: stamp,
          updated_at: stamp,
        },
      },
      ClientCreate: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'phone'],
        description: 'National ID or passport number: one of them is required. Both are write-only.',
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 200 },
          phone: { type: 'string', pattern: '^\\+[1-9]\\d{6,14}$', examples: ['+966501234567'] },
          email: nullable('string', { format: 'email' }),
          nationality: nullable('string', { pattern: '^[A-Za-z]{2}$', examples: ['SA'] }),
          national_id: nullable('string', { maxLength: 30 }),
          passport_number: nullable('string', { maxLength: 30 }),
          preferred_language: { type: 'string', enum: ['ar', 'en'], default: 'ar' },
          is_vip: { type: 'boolean', default: false },
        },
      },
    },
  },
} as const;
