/**
 * The list RPCs of the Clients and Bookings screens (migrations *_clients_search.sql and
 * *_bookings_lists.sql) through supabase-js, as the demo owner of organisation 1.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';

const OWNER = '10000000-0000-4000-8000-000000000001';
const ORG_2_OWNER = '10000000-0000-4000-8000-000000000002';
const ORG_1 = '20000000-0000-4000-8000-000000000001';

let stack: TestStack;
let owner: SupabaseClient;
let other: SupabaseClient;

interface Page<T> {
  total: number;
  rows: T[];
}
interface ClientRow {
  id: string;
  name: string;
  nationality: string | null;
  bookings_count: number;
  search_text?: string;
}

async function searchClients(client: SupabaseClient, args: Record<string, unknown>): Promise<Page<ClientRow>> {
  const { data, error } = await client.rpc('search_clients', args);
  if (error) throw new Error(JSON.stringify(error));
  return data as Page<ClientRow>;
}

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner = stack.client({ accessToken: await stack.userToken({ sub: OWNER, phone: '966500000001' }) });
  other = stack.client({ accessToken: await stack.userToken({ sub: ORG_2_OWNER, phone: '966500000002' }) });
  // Known rows to search for, written as people type them.
  const { error } = await owner.from('clients').insert([
    { name: 'أحمد الزهراني', phone: '+966551112233', national_id: '1098765432', nationality: 'SA' },
    {
      name: 'Mohamed Hassan',
      phone: '+966551112244',
      passport_number: 'A1234567',
      nationality: 'EG',
      email: 'Mo.Hassan@Example.com',
    },
    { name: 'فاطمة عبدالله', phone: '+966551112255', national_id: '1098765433', nationality: 'JO' },
  ]);
  if (error) throw new Error(JSON.stringify(error));
}, 120_000);
afterAll(() => stack?.stop());

/** A signed-in staff member of organisation 1 whose only role grants `permissions`. */
async function newStaff(permissions: string[]): Promise<SupabaseClient> {
  const { data: created, error } = await stack.client('service_role').auth.admin.createUser({
    email: `clerk-${randomUUID().slice(0, 8)}@test.nuzl.example`,
    password: `pw-${randomUUID()}`,
    email_confirm: true,
  });
  if (error || !created.user) throw new Error(`createUser: ${error?.message}`);
  const userId = created.user.id;
  const roleId = randomUUID();
  await stack.db.query(
    `insert into public.profiles (user_id, organization_id, kind, full_name) values ($1, $2, 'staff', 'Clerk')`,
    [userId, ORG_1],
  );
  await stack.db.query(`insert into public.roles (id, organization_id, name) values ($1, $2, $3)`, [
    roleId,
    ORG_1,
    `Clerk ${roleId.slice(0, 8)}`,
  ]);
  for (const permission of permissions) {
    await stack.db.query(
      `insert into public.role_permissions (role_id, organization_id, permission) values ($1, $2, $3)`,
      [roleId, ORG_1, permission],
    );
  }
  await stack.db.query(`insert into public.user_roles (organization_id, user_id, role_id) values ($1, $2, $3)`, [
    ORG_1,
    userId,
    roleId,
  ]);
  return stack.client({ accessToken: await stack.userToken({ sub: userId }) });
}

describe('search_clients', () => {
  it('pages the organisation’s own clients with a total and a bookings count, no search_text', async () => {
    const page = await searchClients(owner, { page_limit: 10 });
    expect(page.total).toBe(63);
    expect(page.rows).toHaveLength(10);
    expect(page.rows[0]).not.toHaveProperty('search_text');
    expect(page.rows.some((row) => row.bookings_count > 0)).toBe(true);
    const second = await searchClients(other, { page_limit: 100 });
    expect(second.total).toBe(12);
  });

  it('folds Arabic letter variants, taa marbuta, tatweel and diacritics', async () => {
    for (const query of ['احمد الزهراني', 'أحمد', 'إحمد', 'احـمـد', 'أَحْمَد']) {
      const page = await searchClients(owner, { search: query });
      expect(
        page.rows.map((row) => row.name),
        query,
      ).toContain('أحمد الزهراني');
    }
    const fatima = await searchClients(owner, { search: 'فاطمه' });
    expect(fatima.rows.map((row) => row.name)).toContain('فاطمة عبدالله');
  });

  it('matches every word in any order, e-mail, phone forms and nationality names in both languages', async () => {
    expect((await searchClients(owner, { search: 'الزهراني أحمد' })).rows.map((r) => r.name)).toContain(
      'أحمد الزهراني',
    );
    expect((await searchClients(owner, { search: 'mo.hassan@example' })).rows.map((r) => r.name)).toEqual([
      'Mohamed Hassan',
    ]);
    expect((await searchClients(owner, { search: '0551112233' })).rows.map((r) => r.name)).toEqual(['أحمد الزهراني']);
    expect((await searchClients(owner, { search: '+966 55 111 2233' })).rows.map((r) => r.name)).toEqual([
      'أحمد الزهراني',
    ]);
    expect((await searchClients(owner, { search: '٠٥٥١١١٢٢٥٥' })).rows.map((r) => r.name)).toEqual(['فاطمة عبدالله']);
    const egypt = await searchClients(owner, { search: 'مصري', page_limit: 100 });
    expect(egypt.rows.length).toBeGreaterThan(0);
    expect(egypt.rows.every((row) => row.nationality === 'EG')).toBe(true);
    const jordan = await searchClients(owner, { search: 'Jordanian', page_limit: 100 });
    expect(jordan.rows.map((r) => r.name)).toContain('فاطمة عبدالله');
  });

  it('tolerates a spelling variant (Mohammed / Mohamed) and sorts by name', async () => {
    expect((await searchClients(owner, { search: 'Mohammed Hassan' })).rows.map((r) => r.name)).toContain(
      'Mohamed Hassan',
    );
    const sorted = await searchClients(owner, { sort: 'name', ascending: true, page_limit: 100 });
    const names = sorted.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('treats LIKE wildcards in the query literally', async () => {
    expect((await searchClients(owner, { search: '%' })).total).toBe(0);
  });

  it('uses the close word match only when nothing matches as typed, and only within the caller’s organisation', async () => {
    // "Mohamad" is in no row: the fallback finds Mohamed through the trigram index.
    expect((await searchClients(owner, { search: 'Mohamad' })).rows.map((r) => r.name)).toContain('Mohamed Hassan');
    // "Mohamed" matches as typed, so nothing merely similar joins it.
    expect((await searchClients(owner, { search: 'Hassan', page_limit: 100 })).rows.map((r) => r.name)).toEqual([
      'Mohamed Hassan',
    ]);
    // Another organisation never gets these rows, exactly or by similarity (it has guests of its own).
    const ahmad = (await searchClients(owner, { search: 'أحمد الزهراني' })).rows.find(
      (r) => r.name === 'أحمد الزهراني',
    );
    const mohamed = (await searchClients(owner, { search: 'Mohamad' })).rows.find((r) => r.name === 'Mohamed Hassan');
    expect(ahmad && mohamed).toBeTruthy();
    expect(
      (await searchClients(other, { search: 'أحمد الزهراني', page_limit: 100 })).rows.map((r) => r.id),
    ).not.toContain(ahmad!.id);
    expect((await searchClients(other, { search: 'Mohamad', page_limit: 100 })).rows.map((r) => r.id)).not.toContain(
      mohamed!.id,
    );
    // VIP only narrows a search the same way.
    expect((await searchClients(owner, { search: 'Mohamed Hassan', vip_only: true })).total).toBe(0);
  });
});

describe('list_bookings, calendar_bookings, booking_quote, status rules', () => {
  it('filters by scope, status and source, sorts and pages', async () => {
    const all = await owner.rpc('list_bookings', { page_limit: 5 });
    expect(all.error).toBeNull();
    const page = all.data as Page<{
      status: string;
      check_in: string;
      unit: { name: string };
      client: { name: string };
    }>;
    expect(page.rows).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    const checkIns = page.rows.map((r) => r.check_in);
    expect(checkIns).toEqual([...checkIns].sort().reverse());
    expect(page.rows[0]?.unit.name).toBeTruthy();
    expect(page.rows[0]?.client.name).toBeTruthy();

    const active = (await owner.rpc('list_bookings', { scope: 'active', page_limit: 1000 })).data as Page<{
      status: string;
    }>;
    expect(active.rows.every((r) => ['pending', 'confirmed', 'checked_in'].includes(r.status))).toBe(true);
    const completed = (await owner.rpc('list_bookings', { scope: 'completed', page_limit: 1000 })).data as Page<{
      status: string;
    }>;
    expect(completed.total).toBeGreaterThan(0);
    expect(completed.rows.every((r) => r.status === 'checked_out')).toBe(true);
    const airbnb = (
      await owner.rpc('list_bookings', { sources: ['airbnb'], statuses: ['cancelled'], page_limit: 1000 })
    ).data as Page<{ status: string; source: string }>;
    expect(airbnb.rows.every((r) => r.source === 'airbnb' && r.status === 'cancelled')).toBe(true);
  });

  it('searches by reference fragment, guest and unit', async () => {
    const first = (
      (await owner.rpc('list_bookings', { page_limit: 1 })).data as Page<{
        booking_reference: string;
        client: { name: string };
      }>
    ).rows[0];
    expect(first).toBeDefined();
    const byRef = (await owner.rpc('list_bookings', { search: first!.booking_reference.slice(3).toLowerCase() }))
      .data as Page<{ booking_reference: string }>;
    expect(byRef.rows.map((r) => r.booking_reference)).toContain(first!.booking_reference);
    // The whole reference, hyphen included, as people copy it.
    const byFullRef = (await owner.rpc('list_bookings', { search: ` ${first!.booking_reference.toLowerCase()} ` }))
      .data as Page<{ booking_reference: string }>;
    expect(byFullRef.rows.map((r) => r.booking_reference)).toEqual([first!.booking_reference]);
    const byGuest = (await owner.rpc('list_bookings', { search: first!.client.name, page_limit: 1000 })).data as Page<{
      client: { name: string };
    }>;
    expect(
      byGuest.rows.every((r) => r.client.name === first!.client.name || r.client.name.includes(first!.client.name)),
    ).toBe(true);
    // Two characters (no trigram to look up) take the filtered path and still find the reference.
    const twoLetters = first!.booking_reference.slice(-2).toLowerCase();
    const byShort = (await owner.rpc('list_bookings', { search: twoLetters, page_limit: 1000 })).data as Page<{
      booking_reference: string;
    }>;
    expect(byShort.rows.map((r) => r.booking_reference)).toContain(first!.booking_reference);
    // A unit's Arabic name, typed with another alif: every row is a stay in a unit of that name.
    const { data: unit } = await owner
      .from('units')
      .select('name, name_ar')
      .not('name_ar', 'is', null)
      .limit(1)
      .single();
    const byUnit = (await owner.rpc('list_bookings', { search: unit!.name_ar, page_limit: 1000 })).data as Page<{
      unit: { name_ar: string };
    }>;
    expect(byUnit.total).toBe(byUnit.rows.length);
    expect(byUnit.rows.every((r) => r.unit.name_ar === unit!.name_ar || r.unit.name_ar.includes(unit!.name_ar))).toBe(
      true,
    );
    // Nothing anywhere: an empty page with a zero total.
    expect((await owner.rpc('list_bookings', { search: 'zzq-no-such-thing' })).data).toEqual({ total: 0, rows: [] });
  });

  it('sorts by guest name with the booking id breaking ties, in both directions', async () => {
    type Row = { id: string; client: { name: string } };
    const asc = (await owner.rpc('list_bookings', { sort: 'guest', ascending: true, page_limit: 1000 }))
      .data as Page<Row>;
    expect(asc.rows.length).toBe(asc.total);
    const byNameThenId = (a: Row, b: Row) =>
      a.client.name < b.client.name ? -1 : a.client.name > b.client.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    expect(asc.rows.map((r) => r.id)).toEqual([...asc.rows].sort(byNameThenId).map((r) => r.id));
    const desc = (await owner.rpc('list_bookings', { sort: 'guest', ascending: false, page_limit: 1000 }))
      .data as Page<Row>;
    expect(desc.rows.map((r) => r.id)).toEqual([...asc.rows].reverse().map((r) => r.id));
    // A later page continues where the first stopped.
    const second = (await owner.rpc('list_bookings', { sort: 'guest', ascending: true, page_limit: 5, page_offset: 5 }))
      .data as Page<Row>;
    expect(second.rows.map((r) => r.id)).toEqual(asc.rows.slice(5, 10).map((r) => r.id));
    // With a filter the same order holds (the page may come from another plan).
    const active = (
      await owner.rpc('list_bookings', { sort: 'guest', ascending: true, scope: 'active', page_limit: 1000 })
    ).data as Page<Row>;
    expect(active.rows.map((r) => r.id)).toEqual(
      asc.rows.filter((r) => active.rows.some((a) => a.id === r.id)).map((r) => r.id),
    );
    expect(active.rows.length).toBe(active.total);
  });

  it('sorts by unit name with the booking id breaking ties', async () => {
    type Row = { id: string; unit: { name: string } };
    const asc = (await owner.rpc('list_bookings', { sort: 'unit', ascending: true, page_limit: 1000 }))
      .data as Page<Row>;
    expect(asc.rows.length).toBe(asc.total);
    const byUnitThenId = (a: Row, b: Row) =>
      a.unit.name < b.unit.name ? -1 : a.unit.name > b.unit.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    expect(asc.rows.map((r) => r.id)).toEqual([...asc.rows].sort(byUnitThenId).map((r) => r.id));
    const desc = (await owner.rpc('list_bookings', { sort: 'unit', ascending: false, page_limit: 3, page_offset: 2 }))
      .data as Page<Row>;
    expect(desc.rows.map((r) => r.id)).toEqual(
      [...asc.rows]
        .reverse()
        .slice(2, 5)
        .map((r) => r.id),
    );
  });

  it('finds guests only for staff who may read clients; references still match for bookings readers', async () => {
    const clerk = await newStaff(['bookings.read']);
    const first = (
      (await owner.rpc('list_bookings', { page_limit: 1 })).data as Page<{
        booking_reference: string;
        client: { name: string };
      }>
    ).rows[0]!;
    const byRef = (await clerk.rpc('list_bookings', { search: first.booking_reference })).data as Page<unknown>;
    expect(byRef.total).toBe(1);
    const byGuest = (await clerk.rpc('list_bookings', { search: first.client.name })).data as Page<unknown>;
    const ownerByGuest = (await owner.rpc('list_bookings', { search: first.client.name })).data as Page<unknown>;
    expect(ownerByGuest.total).toBeGreaterThan(0);
    expect(byGuest.total).toBe(0);
    expect((await searchClients(clerk, { search: first.client.name })).total).toBe(0);
  });

  it('returns the calendar range compactly, without cancelled stays, and quotes a stay', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const { data, error } = await owner.rpc('calendar_bookings', { from_date: today, to_date: end });
    expect(error).toBeNull();
    const rows = data as [string, string, string, string, string, string, string][];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r[4] !== 'cancelled' && r[3] > today && r[2] < end)).toBe(true);

    // Range edges, as [from, to) overlaps: a stay ending on `from` or starting on `to` is out.
    const { data: free } = await owner.from('units').select('id').eq('is_active', true).order('name').limit(1).single();
    const { data: guest } = await owner.from('clients').select('id').limit(1).single();
    const stays = [
      ['2032-05-01', '2032-05-03'],
      ['2032-05-03', '2032-05-05'],
      ['2032-05-10', '2032-05-12'],
    ] as const;
    const made = await owner
      .from('bookings')
      .insert(
        stays.map(([check_in, check_out]) => ({
          unit_id: free!.id,
          client_id: guest!.id,
          check_in,
          check_out,
          status: 'pending' as const,
        })),
      )
      .select('id, check_in')
      .order('check_in');
    expect(made.error).toBeNull();
    const ids = made.data!.map((r) => r.id as string);
    const inRange = async (from_date: string, to_date: string) =>
      ((await owner.rpc('calendar_bookings', { from_date, to_date })).data as string[][])
        .map((r) => r[0])
        .filter((id) => ids.includes(id!));
    expect(await inRange('2032-05-03', '2032-05-10')).toEqual([ids[1]]);
    expect((await inRange('2032-05-02', '2032-05-11')).sort()).toEqual([...ids].sort());
    expect(await inRange('2032-05-05', '2032-05-10')).toEqual([]);

    const { data: unit } = await owner.from('units').select('id, price_per_night, cleaning_fee').limit(1).single();
    const quote = await owner.rpc('booking_quote', {
      unit_id: unit!.id,
      check_in: '2031-01-01',
      check_out: '2031-01-04',
    });
    expect(quote.error).toBeNull();
    expect(quote.data).toMatchObject({
      available: true,
      nights: 3,
      total_amount: Math.round((3 * Number(unit!.price_per_night) + Number(unit!.cleaning_fee)) * 100) / 100,
    });
  });

  it('allows only the SPEC §4 actions and frees the dates on cancel', async () => {
    const { data: unit } = await owner.from('units').select('id').eq('is_active', true).limit(1).single();
    const { data: client } = await owner.from('clients').select('id').limit(1).single();
    const stay = {
      unit_id: unit!.id,
      client_id: client!.id,
      check_in: '2031-03-01',
      check_out: '2031-03-03',
      status: 'pending' as const,
    };
    const created = await owner.from('bookings').insert(stay).select('id, status').single();
    expect(created.error).toBeNull();
    const id = created.data!.id as string;

    const skip = await owner.from('bookings').update({ status: 'checked_out' }).eq('id', id);
    expect(skip.error?.hint).toBe('booking_status_transition');
    expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', id)).error).toBeNull();
    const overlap = await owner.from('bookings').insert({ ...stay, check_in: '2031-03-02', check_out: '2031-03-05' });
    expect(overlap.error?.hint).toBe('booking_overlap');

    const cancelled = await owner
      .from('bookings')
      .update({ status: 'cancelled', cancellation_reason: '  Guest changed plans ' })
      .eq('id', id)
      .select('status, cancellation_reason, cancelled_at')
      .single();
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancellation_reason: 'Guest changed plans' });
    expect(cancelled.data?.cancelled_at).toBeTruthy();
    expect((await owner.from('bookings').update({ status: 'confirmed' }).eq('id', id)).error?.hint).toBe(
      'booking_status_transition',
    );
    expect(
      (
        await owner.rpc('check_unit_availability', {
          unit_id: unit!.id,
          check_in: '2031-03-01',
          check_out: '2031-03-03',
        })
      ).data,
    ).toBe(true);
  });
});
