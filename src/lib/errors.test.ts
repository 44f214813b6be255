import { AuthApiError, AuthRetryableFetchError, AuthSessionMissingError } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, getErrorMessage, isRetryable, toAppError } from './errors';

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
});
