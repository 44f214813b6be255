/**
 * The demo data ×10 for list benchmarks, shared by every bench section that needs it:
 * supabase/seed.sql (if the stack was started without it), then organisation 1 (`demo`) grown
 * to 200 units, 20,000 clients and 50,000 bookings. Idempotent: a second call adds nothing.
 *
 * Rows are written in one transaction with `session_replication_role = replica`, so row
 * triggers (booking totals and references, plan limits, checkout tasks) and foreign-key
 * triggers do not run: the values they would set are written here directly, and every
 * reference points at a row of the same organisation. Constraints still apply, including
 * the no-overlap exclusion on bookings, which the generated stays respect.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestStack } from '../../supabase/tests/helpers/test-stack';

export const DEMO_ORG_ID = '20000000-0000-4000-8000-000000000001';
export const DEMO_OWNER_ID = '10000000-0000-4000-8000-000000000001';
export const DEMO_OWNER_PHONE = '966500000001';

export const SCALE = { units: 200, clients: 20_000, bookings: 50_000 } as const;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const GROW = `
begin;
set local session_replication_role = replica;

insert into public.units (organization_id, name, name_ar, type, description, price_per_night, max_guests, bedrooms,
                          bathrooms, area_sqm, address_street, address_city, address_region, amenities,
                          cleaning_fee, security_deposit, latitude, longitude, is_active, created_at)
select '${DEMO_ORG_ID}', c.en || ' ' || t.en || ' ' || g, t.ar || ' ' || c.ar || ' ' || g, t.type::public.unit_type,
       'Bench unit ' || g, 250 + (g % 30) * 50, 2 + g % 9, g % 6, 1 + g % 4, 40 + (g % 25) * 20,
       'Street ' || g, c.en, c.region, (array['{wifi,parking,kitchen}', '{wifi,pool,garden,air_conditioning}',
       '{wifi,tv,elevator}', '{beach,balcony,air_conditioning}'])[1 + g % 4]::public.amenity[],
       50 + (g % 5) * 50, 500, c.lat + (g % 50) * 0.001, c.lng + (g % 50) * 0.001, g % 9 <> 0,
       now() - make_interval(hours => g)
from generate_series(1, greatest(0, ${SCALE.units} - (select count(*) from public.units where organization_id = '${DEMO_ORG_ID}'))::int) g
cross join lateral (select * from (values
  (0, 'Riyadh', 'الرياض', 'Riyadh Province', 24.7136, 46.6753), (1, 'Jeddah', 'جدة', 'Makkah Province', 21.4858, 39.1925),
  (2, 'AlUla', 'العلا', 'Madinah Province', 26.6085, 37.9232), (3, 'Abha', 'أبها', 'Asir Province', 18.2164, 42.5053),
  (4, 'Khobar', 'الخبر', 'Eastern Province', 26.2172, 50.1971), (5, 'Taif', 'الطائف', 'Makkah Province', 21.2703, 40.4158)
) v(k, en, ar, region, lat, lng) where v.k = g % 6) c
cross join lateral (select * from (values
  (0, 'villa', 'Villa', 'فيلا'), (1, 'apartment', 'Apartment', 'شقة'), (2, 'studio', 'Studio', 'استوديو'),
  (3, 'chalet', 'Chalet', 'شاليه'), (4, 'wedding_hall', 'Hall', 'قاعة')
) v(k, type, en, ar) where v.k = g % 5) t;

insert into public.clients (organization_id, name, email, phone, nationality, national_id, passport_number,
                            preferred_language, is_vip, member_since, created_at)
select '${DEMO_ORG_ID}', 'Bench Guest ' || g, case when g % 3 = 0 then 'bench' || g || '@mail.example' end,
       '+9665' || lpad((10000000 + g)::text, 8, '0'), case when g % 4 = 0 then 'EG' else 'SA' end,
       case when g % 4 <> 0 then '2' || lpad(g::text, 9, '0') end, case when g % 4 = 0 then 'B' || lpad(g::text, 8, '0') end,
       case when g % 2 = 0 then 'ar' else 'en' end::public.language_code, g % 25 = 0,
       current_date - (g % 900), now() - make_interval(mins => g)
from generate_series(1, greatest(0, ${SCALE.clients} - (select count(*) from public.clients where organization_id = '${DEMO_ORG_ID}'))::int) g;

-- Stays for the bench units only (the demo units keep their seed calendar): 2 nights, then a
-- free night, back to back from the past into the future, so no two of a unit overlap.
do $$
declare
  missing integer := ${SCALE.bookings} - (select count(*) from public.bookings where organization_id = '${DEMO_ORG_ID}');
  clients uuid[] := array(select id from public.clients where organization_id = '${DEMO_ORG_ID}' order by id);
  unit_count integer := (select count(*) from public.units where organization_id = '${DEMO_ORG_ID}' and description like 'Bench unit %');
  per_unit integer;
  today date := (now() at time zone 'Asia/Riyadh')::date;
begin
  if missing <= 0 or unit_count = 0 then return; end if;
  per_unit := ceil(missing::numeric / unit_count);
  insert into public.bookings (organization_id, unit_id, client_id, check_in, check_out, status, source, guests_count,
                               price_per_night, cleaning_fee, total_amount, booking_reference, created_at)
  select '${DEMO_ORG_ID}', u.id, clients[1 + ((u.n * 7919 + k * 104729) % array_length(clients, 1))], d, d + 2,
         (case when d + 2 <= today then 'checked_out' when d <= today then 'checked_in' else 'confirmed' end)::public.booking_status,
         (array['direct', 'airbnb', 'booking_com', 'other'])[1 + k % 4]::public.booking_source, 1,
         u.price_per_night, u.cleaning_fee, u.price_per_night * 2 + u.cleaning_fee,
         'BN-' || lpad(u.n::text, 3, '0') || '-' || lpad(k::text, 4, '0'), (d - 14)::timestamptz
  from (select id, price_per_night, cleaning_fee, row_number() over (order by id) as n
        from public.units where organization_id = '${DEMO_ORG_ID}' and description like 'Bench unit %') u
  cross join generate_series(0, per_unit - 1) k
  cross join lateral (select today - (per_unit * 3 * 3 / 4) + k * 3 as d) dd
  order by u.n, k
  limit missing;
end $$;

commit;
analyze public.units;
analyze public.clients;
analyze public.bookings;
`;

/** Seeds (once) and returns the row counts of the demo organisation. */
export async function seedScale(
  stack: TestStack,
): Promise<{ units: number; clients: number; bookings: number; seconds: number }> {
  const started = performance.now();
  const demo = await stack.db.query('select 1 from public.organizations where id = $1', [DEMO_ORG_ID]);
  if (demo.rows.length === 0) await stack.db.exec(await readFile(path.join(root, 'supabase/seed.sql'), 'utf8'));
  await stack.db.exec(GROW);
  const counts = await stack.db.query<{ units: number; clients: number; bookings: number }>(
    `select (select count(*) from public.units where organization_id = $1)::int as units,
            (select count(*) from public.clients where organization_id = $1)::int as clients,
            (select count(*) from public.bookings where organization_id = $1)::int as bookings`,
    [DEMO_ORG_ID],
  );
  return {
    ...(counts.rows[0] as { units: number; clients: number; bookings: number }),
    seconds: (performance.now() - started) / 1000,
  };
}

/** A signed-in client of the demo owner (a token signed like GoTrue's, without the auth round trip). */
export async function demoOwnerToken(stack: TestStack): Promise<string> {
  return stack.userToken({ sub: DEMO_OWNER_ID, phone: DEMO_OWNER_PHONE });
}
