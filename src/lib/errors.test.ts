import { AuthApiError, AuthRetryableFetchError, AuthSessionMissingError } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, getErrorMessage, isRetryable, toAppError, UNEXPECTED_RESPONSE } from './errors';

/** What postgrest-js hands back in `{ error }`. */
const pg = (code: string, message = 'x', extra: { details?: string | null; hint?: string | null } = {}) => ({
  code,
  message,
  details: extra.details ?? null,
  hint: extra.hint ?? null,
});

describe('toAppError: SPEC §8 messages, case by case', () => {
  afterEach(() => vi.unstubAllGlobals());

  const cases: [string, unknown, string][] = [
    ['expired JWT (PGRST303)', pg('PGRST303', 'JWT expired'), 'Session expired. Please log in again.'],
    [
      'bad JWT (PGRST301)',
      pg('PGRST301', 'JWT cryptographic operation failed'),
      'Session expired. Please log in again.',
    ],
    ['auth session missing', new AuthSessionMissingError(), 'Session expired. Please log in again.'],
    [
      'refresh token gone',
      new AuthApiError('Invalid Refresh Token: Refresh Token Not Found', 400, 'refresh_token_not_found'),
      'Session expired. Please log in again.',
    ],
    [
      'rule not_authenticated',
      pg('42501', 'Session expired. Please log in again.', { hint: 'not_authenticated' }),
      'Session expired. Please log in again.',
    ],
    [
      'organization access rule',
      pg('P0001', 'Organization access required.', { hint: 'organization_access_required' }),
      'Organization access required.',
    ],
    ['organization required (app)', AppError.organizationRequired(), 'Organization access required.'],
    ['fetch failure (browser)', new TypeError('Failed to fetch'), 'Network error. Please check your connection.'],
    [
      'fetch failure via postgrest-js',
      pg('', 'TypeError: fetch failed'),
      'Network error. Please check your connection.',
    ],
    [
      'auth retryable fetch',
      new AuthRetryableFetchError('Failed to fetch', 0),
      'Network error. Please check your connection.',
    ],
    [
      'RLS violation',
      pg('42501', 'new row violates row-level security policy for table "clients"'),
      'Permission denied. Contact administrator.',
    ],
    [
      'GoTrue not_admin',
      new AuthApiError('User not allowed', 403, 'not_admin'),
      'Permission denied. Contact administrator.',
    ],
    ['not-null violation', pg('23502', 'null value in column "name"'), 'Please check your input and try again.'],
    ['unique violation', pg('23505', 'duplicate key value'), 'Please check your input and try again.'],
    ['check violation', pg('23514', 'violates check constraint'), 'Please check your input and try again.'],
    ['bad uuid', pg('22P02', 'invalid input syntax for type uuid'), 'Please check your input and try again.'],
    [
      'GoTrue validation',
      new AuthApiError('Invalid phone number format', 400, 'validation_failed'),
      'Please check your input and try again.',
    ],
    ['plain JS error', new Error('boom'), 'Something went wrong. Please try again.'],
    ['a thrown string', 'boom', 'Something went wrong. Please try again.'],
  ];

  it.each(cases)('%s', (_name, error, expected) => {
    expect(getErrorMessage(error, 'en')).toBe(expected);
  });

  it('maps the booking overlap constraint (23P01 bookings_no_overlap) to its own message', () => {
    const error = pg('23P01', 'conflicting key value violates exclusion constraint "bookings_no_overlap"', {
      details: 'Key (unit_id, stay)=(…) conflicts with existing key (unit_id, stay)=(…).',
    });
    expect(toAppError(error).kind).toBe('booking_overlap');
    expect(getErrorMessage(error, 'en')).toBe('This unit is already booked for the selected dates');
    expect(getErrorMessage(error, 'ar')).toBe('هذه الوحدة محجوزة في التواريخ المختارة');
  });

  it('maps the booking overlap raised by the booking trigger (hint booking_overlap)', () => {
    const error = pg('23P01', 'This unit is already booked for the selected dates', { hint: 'booking_overlap' });
    expect(toAppError(error).kind).toBe('booking_overlap');
  });

  it('treats another exclusion constraint as bad input, not as a booking overlap', () => {
    expect(toAppError(pg('23P01', 'conflicting key value violates exclusion constraint "other"')).kind).toBe(
      'invalid_input',
    );
  });

  it('passes a P0001 raise with a known key through, translated', () => {
    const error = pg('P0001', 'An organization must keep at least one administrator', { hint: 'last_admin' });
    expect(toAppError(error)).toMatchObject({ kind: 'rule', messageKey: 'errors.db.last_admin', code: 'P0001' });
    expect(getErrorMessage(error, 'en')).toBe('An organization must keep at least one administrator');
    expect(getErrorMessage(error, 'ar')).toBe('يجب أن يبقى في المنشأة مسؤول واحد على الأقل');
  });

  it('accepts the key as the bare message of a plain `raise exception`', () => {
    expect(getErrorMessage(pg('P0001', 'unit_photo_limit'), 'en')).toBe('You can upload up to 4 photos');
  });

  it('translates rule keys raised with other SQLSTATEs (private.fail with 23514)', () => {
    const error = pg('23514', 'Either National ID or Passport is required', { hint: 'client_identity_required' });
    expect(getErrorMessage(error, 'ar')).toBe('يلزم إدخال رقم الهوية الوطنية أو رقم الجواز');
  });

  it('shows "Operation failed (ID: …)" for a P0001 with an unknown key, with a fresh error ID', () => {
    const appError = toAppError(pg('P0001', 'some unexpected trigger message', { hint: 'never_heard_of_it' }));
    expect(appError.kind).toBe('operation_failed');
    expect(getErrorMessage(appError, 'en')).toBe(`Operation failed (ID: ${appError.id})`);
    expect(appError.id).toMatch(/^ERR_\d{13}_[0-9a-z]{6}$/);
  });

  it('shows "Operation failed (ID: …)" for server faults (5xx SQLSTATE classes, unknown codes)', () => {
    expect(toAppError(pg('XX000', 'internal error')).kind).toBe('operation_failed');
    expect(toAppError(pg('42P17', 'infinite recursion detected in policy')).kind).toBe('operation_failed');
    expect(getErrorMessage(pg('53300', 'too many connections'), 'ar')).toMatch(
      /^تعذّر إتمام العملية \(رقم الخطأ: ERR_\d+_[0-9a-z]+\)$/,
    );
  });

  it('uses the HTTP status of storage and function errors', () => {
    expect(
      toAppError({ name: 'StorageApiError', message: 'new row violates row-level security policy', status: 403 }).kind,
    ).toBe('permission_denied');
    expect(toAppError({ statusCode: '401', error: 'Unauthorized', message: 'jwt expired' }).kind).toBe(
      'session_expired',
    );
    const functionsError = Object.assign(new Error('Edge Function returned a non-2xx status code'), {
      name: 'FunctionsHttpError',
      context: new Response('{}', { status: 422 }),
    });
    expect(toAppError(functionsError).kind).toBe('invalid_input');
  });

  it('reports a network error whenever the browser is offline', () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    expect(toAppError(pg('23505', 'duplicate')).kind).toBe('network');
  });

  it('answers in the language asked for', () => {
    expect(getErrorMessage(pg('42501', 'denied'), 'ar')).toBe('ليست لديك صلاحية. تواصل مع مسؤول النظام.');
    expect(getErrorMessage(new TypeError('Failed to fetch'), 'ar')).toBe('خطأ في الشبكة. يرجى التحقق من اتصالك.');
    expect(getErrorMessage(pg('PGRST303', 'JWT expired'), 'ar')).toBe('انتهت الجلسة. يرجى تسجيل الدخول مرة أخرى.');
  });

  it('translates the booking-request, plan and invitation refusals (rate limits come as PT429)', () => {
    const cases: [ReturnType<typeof pg>, string, string][] = [
      [
        pg('PT429', 'x', { hint: 'booking_request_limit_guest' }),
        'You already have booking requests waiting for an answer. Please wait for the host to reply.',
        'لديك طلبات حجز بانتظار الرد. يرجى انتظار رد المضيف.',
      ],
      [
        pg('PT429', 'x', { hint: 'booking_request_limit_unit' }),
        'This unit has received many booking requests. Please try again later.',
        'تلقّت هذه الوحدة طلبات حجز كثيرة. يرجى المحاولة لاحقاً.',
      ],
      [
        pg('23514', 'x', { hint: 'booking_request_expired' }),
        'This booking request has expired',
        'انتهت صلاحية طلب الحجز هذا',
      ],
      [
        pg('42501', 'x', { hint: 'plan_not_allowed' }),
        'New organizations start on the Basic plan; other plans are chosen through billing',
        'تبدأ المنشآت الجديدة بالباقة الأساسية؛ تُختار الباقات الأخرى من خلال الفوترة',
      ],
      [
        pg('42501', 'x', { hint: 'invitation_wrong_account' }),
        'This invitation was sent to a different account',
        'أُرسلت هذه الدعوة إلى حساب آخر',
      ],
      [pg('P0001', 'x', { hint: 'invitation_expired' }), 'This invitation has expired', 'انتهت صلاحية هذه الدعوة'],
    ];
    for (const [error, en, ar] of cases) {
      expect(getErrorMessage(error, 'en')).toBe(en);
      expect(getErrorMessage(error, 'ar')).toBe(ar);
      expect(isRetryable(error)).toBe(false);
    }
  });

  it('maps a "not found" refusal (PT404, HTTP 404): a known rule key to its message, an unknown one to the input message', () => {
    const known = pg('PT404', 'This unit is not available for booking', { hint: 'unit_inactive' });
    expect(toAppError(known)).toMatchObject({ kind: 'rule', messageKey: 'errors.db.unit_inactive', code: 'PT404' });
    expect(getErrorMessage(known, 'en')).toBe('This unit is not available for booking');
    expect(getErrorMessage(known, 'ar')).toBe('هذه الوحدة غير متاحة للحجز');
    expect(isRetryable(known)).toBe(false);

    const unknown = pg('PT404', 'Not found', { hint: 'some_future_key_nobody_translated' });
    expect(toAppError(unknown)).toMatchObject({ kind: 'not_found', code: 'PT404' });
    expect(getErrorMessage(unknown, 'en')).toBe('Please check your input and try again.');
    expect(getErrorMessage(unknown, 'ar')).toBe('يرجى مراجعة البيانات المدخلة والمحاولة مرة أخرى.');
    expect(isRetryable(unknown)).toBe(false);
  });

  it('reads the HTTP status out of any other PTxyz SQLSTATE without a known key', () => {
    expect(toAppError(pg('PT409', 'conflict')).kind).toBe('invalid_input');
    expect(toAppError(pg('PT403', 'forbidden')).kind).toBe('permission_denied');
    expect(toAppError(pg('PT401', 'who are you')).kind).toBe('session_expired');
    const limited = pg('PT429', 'slow down');
    expect(toAppError(limited).kind).toBe('rate_limited');
    expect(getErrorMessage(limited, 'en')).toBe('Something went wrong. Please try again.');
    // Asking again at once only meets the same limit.
    expect(isRetryable(limited)).toBe(false);
  });

  it('treats a row .single() did not find (PGRST116) and a storage 404 as not found, never retried', () => {
    const noRow = pg('PGRST116', 'JSON object requested, multiple (or no) rows returned', {
      details: 'The result contains 0 rows',
    });
    expect(toAppError(noRow).kind).toBe('not_found');
    expect(isRetryable(noRow)).toBe(false);
    expect(toAppError({ name: 'StorageApiError', message: 'Object not found', status: 404 }).kind).toBe('not_found');
  });

  it('uses the HTTP status postgrest-js returns beside the error only when the body has no code', () => {
    // A proxy's HTML error page: no JSON, so no code; the status says it was the server.
    expect(toAppError({ message: '<html>Bad gateway</html>' }, { status: 502 }).kind).toBe('operation_failed');
    // PGRST202 (function not in the schema cache) comes as a 404 but is a fault, not a refusal.
    expect(toAppError(pg('PGRST202', 'Could not find the function'), { status: 404 }).kind).toBe('operation_failed');
  });

  it('returns an AppError unchanged', () => {
    const appError = new AppError('permission_denied');
    expect(toAppError(appError)).toBe(appError);
  });
});

describe('isRetryable', () => {
  it('retries only what may succeed the next time', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryable(pg('XX000', 'internal'))).toBe(true);
    expect(isRetryable(pg('42501', 'denied'))).toBe(false);
    expect(isRetryable(pg('23505', 'duplicate'))).toBe(false);
    expect(isRetryable(pg('PGRST303', 'JWT expired'))).toBe(false);
  });

  it('never retries an answer of an unexpected shape: the same request gets the same shape', () => {
    expect(isRetryable(new AppError('operation_failed', { code: UNEXPECTED_RESPONSE }))).toBe(false);
    expect(isRetryable(new AppError('operation_failed', { code: 'XX000' }))).toBe(true);
  });
});
