import { describe, expect, it, vi } from 'vitest';
import { clientFormSchema } from '../schemas';
import { saveClient } from './save-client';

// What reaches the Data API: the stand-in records the payload and answers like PostgREST.
const sent = vi.hoisted(() => ({ insert: [] as unknown[], update: [] as unknown[] }));
vi.mock('@/lib/supabase', () => {
  // A request builder as lib/fetch's run() sends it (retry turned off first).
  const single = (row: unknown) => ({
    select: () => ({
      single: () =>
        Object.assign(Promise.resolve({ data: { id: 'c1', ...(row as object) }, error: null }), {
          retry: () => undefined,
        }),
    }),
  });
  return {
    supabase: {
      from: () => ({
        insert: (row: unknown) => {
          sent.insert.push(row);
          return single(row);
        },
        update: (row: unknown) => {
          sent.update.push(row);
          return { eq: () => single(row) };
        },
      }),
    },
  };
});

describe('saveClient', () => {
  it('sends the form schema output (null e-mail and identity fields) as the request', async () => {
    const values = clientFormSchema.parse({
      name: 'Omar Haddad',
      email: '',
      phone: '0501234567',
      nationality: '',
      national_id: '',
      passport_number: 'P1234567',
      preferred_language: 'en',
      is_vip: false,
      member_since: '2026-11-22',
    });
    await expect(saveClient({ values })).resolves.toMatchObject({ id: 'c1', phone: '+966501234567' });
    expect(sent.insert).toEqual([
      {
        name: 'Omar Haddad',
        email: null,
        phone: '+966501234567',
        nationality: null,
        national_id: null,
        passport_number: 'P1234567',
        preferred_language: 'en',
        is_vip: false,
        member_since: '2026-11-22',
      },
    ]);
    await saveClient({ id: 'c1', values: { ...values, is_vip: true } });
    expect(sent.update).toEqual([{ ...values, is_vip: true }]);
  });
});
