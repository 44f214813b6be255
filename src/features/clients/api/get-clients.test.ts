import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, UNEXPECTED_RESPONSE } from '@/lib/errors';
import { json, stubRest } from '@/test/fake-rest';
import type { ClientListParams } from '../schemas';
import { getClients } from './get-clients';

const client = {
  id: 'c1',
  organization_id: 'o1',
  name: 'Omar Haddad',
  email: null,
  phone: '+966501234567',
  nationality: 'SA',
  national_id: '1012345678',
  passport_number: null,
  preferred_language: 'ar',
  is_vip: false,
  member_since: '2026-01-01',
  notes: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  bookings_count: 3,
};
const params: ClientListParams = { search: '', vipOnly: false, sort: 'name', ascending: true, page: 1, pageSize: 25 };

let answer: unknown;
beforeEach(() => {
  stubRest(() => json(answer));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('getClients (search_clients JSON)', () => {
  it('returns the typed page, without the columns the screen does not know (ord)', async () => {
    answer = { total: 1, rows: [{ ...client, ord: 1 }] };
    await expect(getClients(params)).resolves.toEqual({ total: 1, rows: [client] });
  });

  it('fails loudly, as "Operation failed", when a row lacks its bookings count', async () => {
    const { bookings_count: _count, ...withoutCount } = client;
    answer = { total: 1, rows: [withoutCount] };
    await expect(getClients(params)).rejects.toSatisfy(
      (error) => error instanceof AppError && error.kind === 'operation_failed' && error.code === UNEXPECTED_RESPONSE,
    );
  });
});
