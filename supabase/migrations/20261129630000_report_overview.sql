-- Reports (issue 17): /dashboard/reports asks one function for everything it shows about a period —
-- report_overview(date_from, date_to, unit_ids, unit_types, cities, sources). It runs as the caller
-- (security invoker), so RLS keeps every figure to the caller's organisation; bookings.read is
-- required, invoices.read adds revenue_invoiced and payments.read adds revenue_collected.
--
-- Definitions (the reports page writes them on screen in English and Arabic):
-- * A night belongs to the day it starts: a stay from 30 Nov to 2 Dec has the nights of 30 Nov
--   (November) and 1 Dec (December) — a stay across a month or period boundary is split.
-- * The organisation's time zone decides "today" and the local day of a booking's creation
--   (created_at), of its cancellation (cancelled_at) and of a payment (paid_at).
-- * Nights sold: nights of stays that are not cancelled (pending, confirmed, checked in or out).
--   A cancelled stay sells no night and its nights stay available.
-- * Blocked nights: nights a unit could not be sold that no stay sold —
--     - every unsold night of an inactive unit (switched off in Units);
--     - the host's blocks on Airbnb: an imported iCal event whose summary is Airbnb's block marker
--       ("Airbnb (Not available)") becomes a stay on the calendar (issue 15), but it is a block, not
--       a sale, so its nights count as blocked and the stay counts nowhere else (Booking.com writes
--       "CLOSED - Not available" for reservations and closures alike, so its events stay sales);
--     - nights of an imported event that could not become a stay (conflict) and is still in the
--       platform's feed: the platform holds them.
--   Blocked nights leave the available nights.
-- * Available nights: units in the filter × days in the period, minus blocked nights.
-- * Occupancy = nights sold / available nights; ADR = room revenue / nights sold; RevPAR = room
--   revenue / available nights (null when the divisor is 0).
-- * Room revenue (revenue_booked): price per night × nights sold in the period, VAT excluded,
--   cleaning fees excluded (prices of stays are net of VAT; imported stays carry no price).
-- * Invoiced: invoices and debit notes issued in the period (issue date) minus credit notes issued
--   in it, net of VAT (subtotal), in SAR. Collected: payments received in the period minus refunds,
--   VAT removed in the proportion of the document's VAT to its total, in SAR. With a filter, only
--   documents of stays passing the filter count (by the booking of the document or of the document
--   it corrects); without one, every document counts (also those without a booking).
-- * Bookings: stays created in the period that are not cancelled; cancellations: stays cancelled
--   in the period; cancellation rate = cancellations / (bookings + cancellations). Average length
--   of stay and lead time (days from the local creation day to check-in) are over "bookings".
-- * By channel (by_source): a channel's occupancy is its share of all available nights (available
--   and blocked nights are the period's, the same for every channel).
-- * previous: the same number of days just before the period; last_year: the same days one year
--   earlier (29 February maps to 28 February).

-- The nights the organisation's channels block (see above), for report_overview: rows (unit_id,
-- check_in, check_out, booking_id) overlapping [date_from, date_to] — Airbnb block stays (with their
-- booking) and live conflict events (booking null). SECURITY DEFINER because ota_imported_events is
-- readable with channels.read only, while these nights belong to everyone who reads the bookings:
-- it answers only for the caller's own organisation and only to a caller holding bookings.read, and
-- reveals no more than dates of units.
create function private.report_channel_blocks(date_from date, date_to date)
returns table (unit_id uuid, check_in date, check_out date, booking_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
  select b.unit_id, b.check_in, b.check_out, b.id
    from public.ota_imported_events e
    join public.bookings b on b.id = e.booking_id and b.organization_id = e.organization_id
   where e.organization_id = private.current_org_id() and private.has_permission('bookings.read')
     and e.cancelled_at is null and b.status <> 'cancelled'
     and e.summary ilike 'airbnb (not available)%'
     and b.check_in <= date_to and b.check_out > date_from
  union all
  select c.unit_id, e.check_in, e.check_out, null::uuid
    from public.ota_imported_events e
    join public.ota_connections c on c.id = e.connection_id and c.organization_id = e.organization_id
   where e.organization_id = private.current_org_id() and private.has_permission('bookings.read')
     and e.cancelled_at is null and e.booking_id is null and e.conflict and c.unit_id is not null
     and e.check_in <= date_to and e.check_out > date_from;
$$;
comment on function private.report_channel_blocks(date, date) is
  'Reports: the caller''s organisation''s channel-blocked date ranges overlapping a period — Airbnb "Not available" stays (booking_id) and live conflict events without a stay (booking_id null); needs bookings.read.';
revoke all on function private.report_channel_blocks(date, date) from public;
grant execute on function private.report_channel_blocks(date, date) to authenticated, service_role;

-- The caller's organisation's payments and refunds received in [from_ts, to_ts), for the reports:
-- each with its amount in SAR, that amount without VAT (in the proportion of the document's
-- subtotal to its total), the number of its document and the stay it is for (the document's
-- booking or that of the document a note corrects). SECURITY DEFINER because the documents are
-- readable with invoices.read only, while the money collected belongs to payments.read: it answers
-- only for the caller's own organisation and only to a caller holding payments.read, and reveals
-- of the document nothing but its number and its booking.
create function private.report_payments(from_ts timestamptz, to_ts timestamptz)
returns table (payment_id uuid, paid_at timestamptz, method public.payment_method, amount_sar numeric,
               is_refund boolean, net_sar numeric, invoice_number text, booking_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.paid_at, p.method, p.amount_sar, p.is_refund,
         p.amount_sar * coalesce(i.subtotal_sar / nullif(i.total_amount_sar, 0), 1),
         i.invoice_number, coalesce(i.booking_id, o.booking_id)
    from public.payments p
    join public.invoices i on i.id = p.invoice_id and i.organization_id = p.organization_id
    left join public.invoices o on o.id = i.original_invoice_id and o.organization_id = i.organization_id
   where p.organization_id = private.current_org_id() and private.has_permission('payments.read')
     and p.paid_at >= from_ts and p.paid_at < to_ts;
$$;
comment on function private.report_payments(timestamptz, timestamptz) is
  'Reports: the caller''s organisation''s payments and refunds received in a time range, with the SAR amount, the amount without VAT (pro rata of the document), the document number and the stay; needs payments.read.';
revoke all on function private.report_payments(timestamptz, timestamptz) from public;
grant execute on function private.report_payments(timestamptz, timestamptz) to authenticated, service_role;

-- One set of figures (F of the contract) from its sums; the ratios rounded for display
-- (occupancy to 4 places, money to 2). Money parts the caller may not read are null.
create function private.report_figures(
  available numeric, blocked numeric, nights numeric, revenue numeric, booked numeric, cancelled numeric,
  stay_nights numeric, lead_days numeric, invoiced numeric, collected numeric, can_inv boolean, can_pay boolean)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'available_nights', coalesce(available, 0)::bigint,
    'blocked_nights', coalesce(blocked, 0)::bigint,
    'nights_sold', coalesce(nights, 0)::bigint,
    'occupancy', round(coalesce(nights, 0) / nullif(available, 0), 4),
    'adr', round(revenue / nullif(nights, 0), 2),
    'revpar', round(revenue / nullif(available, 0), 2),
    'revenue_booked', round(coalesce(revenue, 0), 2),
    'revenue_invoiced', case when can_inv then round(coalesce(invoiced, 0), 2) end,
    'revenue_collected', case when can_pay then round(coalesce(collected, 0), 2) end,
    'bookings', coalesce(booked, 0)::bigint,
    'cancellations', coalesce(cancelled, 0)::bigint,
    'cancellation_rate', round(coalesce(cancelled, 0) / nullif(coalesce(booked, 0) + coalesce(cancelled, 0), 0), 4),
    'avg_length_of_stay', round(stay_nights / nullif(booked, 0), 2),
    'avg_lead_time_days', round(lead_days / nullif(booked, 0), 2));
$$;
comment on function private.report_figures(numeric, numeric, numeric, numeric, numeric, numeric, numeric, numeric, numeric, numeric, boolean, boolean) is
  'Reports: builds one figures object (available/blocked/sold nights, occupancy, ADR, RevPAR, revenue booked/invoiced/collected, bookings, cancellations and their rate, average stay and lead time) from its sums.';
revoke all on function private.report_figures(numeric, numeric, numeric, numeric, numeric, numeric, numeric, numeric, numeric, numeric, boolean, boolean) from public;
grant execute on function private.report_figures(numeric, numeric, numeric, numeric, numeric, numeric, numeric, numeric, numeric, numeric, boolean, boolean) to authenticated, service_role;

-- report_overview → {period, previous, last_year: {from, to, days}, currency, can: {invoices,
-- payments}, totals: {current, previous, last_year}: F, by_month: [{month: 'YYYY-MM', …F}],
-- by_unit: [{unit_id, name, name_ar, type, city, …F}] (every unit in the filter, by name),
-- by_source: [{source, …F}] (every source in the filter, enum order), filters: {units, types,
-- cities, sources} (what the organisation has, for the filter pickers)}. The definitions are at
-- the top of this file. A null date_from / date_to defaults as private.report_period (the last
-- twelve months to today); an inverted or over-ten-year period is 400 report_period_invalid.
-- Without bookings.read (or without an organisation, e.g. a vendor) 403 permission_denied.
create function public.report_overview(
  date_from date,
  date_to date,
  unit_ids uuid[] default null,
  unit_types public.unit_type[] default null,
  cities text[] default null,
  sources public.booking_source[] default null)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  can_inv boolean := private.has_permission('invoices.read');
  can_pay boolean := private.has_permission('payments.read');
  filtered boolean := unit_ids is not null or unit_types is not null or cities is not null or sources is not null;
  tz text;
  currency text;
  period record;
  days integer;
  prev_from date;
  prev_to date;
  ly_from date;
  ly_to date;
  lo date;
  hi date;
  lo_ts timestamptz;
  hi_ts timestamptz;
  answer jsonb;
begin
  if org is null or not private.has_permission('bookings.read') then
    perform private.fail('Permission denied. Contact administrator.', 'permission_denied', '42501');
  end if;
  select o.default_timezone::text, o.default_currency::text into tz, currency
    from public.organizations o where o.id = org;
  select * into period from private.report_period(org, date_from, date_to);
  days := period.last_day - period.first_day + 1;
  prev_to := period.first_day - 1;
  prev_from := period.first_day - days;
  ly_from := (period.first_day - interval '1 year')::date;
  ly_to := (period.last_day - interval '1 year')::date;
  lo := least(prev_from, ly_from);
  hi := period.last_day;
  lo_ts := lo::timestamp at time zone tz;
  hi_ts := (hi + 1)::timestamp at time zone tz;

  with
  -- The windows figures are computed for: the period, its comparisons, and each month of the period.
  win as (
    select 'current'::text as key, period.first_day as d0, period.last_day as d1
    union all select 'previous', prev_from, prev_to
    union all select 'last_year', ly_from, ly_to
    union all
    select to_char(m, 'YYYY-MM'), greatest(m::date, period.first_day),
           least((m + interval '1 month' - interval '1 day')::date, period.last_day)
      from generate_series(date_trunc('month', period.first_day), date_trunc('month', period.last_day),
                           interval '1 month') m
  ),
  -- The units in the filter (RLS: the caller's organisation).
  u as (
    select un.id, un.name, un.name_ar, un.type, un.address_city as city, un.is_active
      from public.units un
     where un.organization_id = org
       and (unit_ids is null or un.id = any (unit_ids))
       and (unit_types is null or un.type = any (unit_types))
       and (cities is null or un.address_city = any (cities))
  ),
  ch as (select c.* from private.report_channel_blocks(lo, hi) c join u on u.id = c.unit_id),
  -- Stays of those units touching the windows by a night, their creation or their cancellation.
  st as (
    select b.id, b.unit_id, b.source, b.status, b.check_in, b.check_out, b.price_per_night,
           (b.created_at at time zone tz)::date as created_day,
           case when b.status = 'cancelled' then (b.cancelled_at at time zone tz)::date end as cancelled_day,
           (sources is null or b.source = any (sources)) as in_src,
           exists (select 1 from ch where ch.booking_id = b.id) as is_block
      from public.bookings b
      join u on u.id = b.unit_id
     where b.organization_id = org
       and ((b.check_in <= hi and b.check_out > lo)
            or (b.created_at >= lo_ts and b.created_at < hi_ts)
            or (b.status = 'cancelled' and b.cancelled_at >= lo_ts and b.cancelled_at < hi_ts))
  ),
  -- Stays that sell nights (any channel: a night another channel sold is not available either).
  sold as (select s.unit_id, s.check_in, s.check_out, s.in_src, s.price_per_night
             from st s where s.status <> 'cancelled' and not s.is_block),
  -- Nights blocked by the channels on active units, each once, not sold.
  bn as (
    select distinct c.unit_id, g::date as night
      from ch c
      join u on u.id = c.unit_id and u.is_active
      cross join generate_series(greatest(c.check_in, lo), least(c.check_out - 1, hi), interval '1 day') g
     where not exists (select 1 from sold s where s.unit_id = c.unit_id and s.check_in <= g::date and s.check_out > g::date)
  ),
  -- Per unit and window: days, nights sold by any channel, channel-blocked nights.
  uw as (
    select w.key, u.id as unit_id, u.is_active, w.d1 - w.d0 + 1 as days,
           (select coalesce(sum(greatest(0, least(s.check_out, w.d1 + 1) - greatest(s.check_in, w.d0))), 0)
              from sold s where s.unit_id = u.id and s.check_in <= w.d1 and s.check_out > w.d0) as sold_all,
           (select count(*) from bn where bn.unit_id = u.id and bn.night between w.d0 and w.d1) as channel_blocked
      from win w cross join u
  ),
  -- Documents issued in the windows' range, with the stay they are for (or their original's).
  iv as (
    select i.issue_date as day, case when i.invoice_type_code = '381' then -i.subtotal_sar else i.subtotal_sar end as net,
           b.unit_id, b.source
      from public.invoices i
      left join public.invoices o on o.id = i.original_invoice_id
      left join public.bookings b on b.id = coalesce(i.booking_id, o.booking_id)
     where can_inv and i.organization_id = org and i.issued_at is not null and i.status <> 'draft'
       and i.issue_date between lo and hi
       and (not filtered or (b.unit_id in (select u.id from u) and (sources is null or b.source = any (sources))))
  ),
  -- Payments (refunds negative) received in the range, VAT removed pro rata, with their stay.
  pm as (
    select (p.paid_at at time zone tz)::date as day,
           (case when p.is_refund then -1 else 1 end) * p.net_sar as net,
           b.unit_id, b.source
      from private.report_payments(lo_ts, hi_ts) p
      left join public.bookings b on b.id = p.booking_id
     where can_pay
       and (not filtered or (b.unit_id in (select u.id from u) and (sources is null or b.source = any (sources))))
  ),
  -- Every contribution to the figures, by window, unit and channel.
  facts as (
    select x.key, x.unit_id, null::public.booking_source as source,
           x.days - case when x.is_active then x.channel_blocked else x.days - x.sold_all end as available,
           case when x.is_active then x.channel_blocked else x.days - x.sold_all end as blocked,
           0::bigint as nights, 0::numeric as revenue, 0 as booked, 0 as cancelled, 0 as stay_nights, 0 as lead_days,
           0::numeric as invoiced, 0::numeric as collected
      from uw x
    union all
    select w.key, s.unit_id, s.source, 0, 0, n.nights, n.nights * s.price_per_night,
           (s.status <> 'cancelled' and s.created_day between w.d0 and w.d1)::int,
           (s.cancelled_day between w.d0 and w.d1)::int,
           case when s.status <> 'cancelled' and s.created_day between w.d0 and w.d1 then s.check_out - s.check_in else 0 end,
           case when s.status <> 'cancelled' and s.created_day between w.d0 and w.d1 then s.check_in - s.created_day else 0 end,
           0, 0
      from st s
      join win w on (s.check_in <= w.d1 and s.check_out > w.d0) or s.created_day between w.d0 and w.d1
                    or s.cancelled_day between w.d0 and w.d1
      cross join lateral (select case when s.status <> 'cancelled'
                                      then greatest(0, least(s.check_out, w.d1 + 1) - greatest(s.check_in, w.d0))
                                      else 0 end as nights) n
     where s.in_src and not s.is_block
    union all
    select w.key, v.unit_id, v.source, 0, 0, 0, 0, 0, 0, 0, 0, v.net, 0
      from iv v join win w on v.day between w.d0 and w.d1
    union all
    select w.key, p.unit_id, p.source, 0, 0, 0, 0, 0, 0, 0, 0, 0, p.net
      from pm p join win w on p.day between w.d0 and w.d1
  ),
  -- Sums by window (totals and months), by window and unit, by window and channel.
  agg as (
    select f.key, f.unit_id, f.source, grouping(f.unit_id) = 0 as by_unit, grouping(f.source) = 0 as by_source,
           sum(f.available) as available, sum(f.blocked) as blocked, sum(f.nights) as nights,
           sum(f.revenue) as revenue, sum(f.booked) as booked, sum(f.cancelled) as cancelled,
           sum(f.stay_nights) as stay_nights, sum(f.lead_days) as lead_days, sum(f.invoiced) as invoiced,
           sum(f.collected) as collected
      from facts f
     group by grouping sets ((f.key), (f.key, f.unit_id), (f.key, f.source))
  ),
  -- Every window has figures, also when nothing matched (e.g. units of another organisation).
  totals as (
    select w.key, a.available, a.blocked,
           private.report_figures(a.available, a.blocked, a.nights, a.revenue, a.booked, a.cancelled, a.stay_nights,
                                  a.lead_days, a.invoiced, a.collected, can_inv, can_pay) as figures
      from win w
      left join agg a on a.key = w.key and not a.by_unit and not a.by_source
  )
  select jsonb_build_object(
    'period', jsonb_build_object('from', period.first_day, 'to', period.last_day, 'days', days),
    'previous', jsonb_build_object('from', prev_from, 'to', prev_to, 'days', days),
    'last_year', jsonb_build_object('from', ly_from, 'to', ly_to, 'days', ly_to - ly_from + 1),
    'currency', coalesce(currency, 'SAR'),
    'can', jsonb_build_object('invoices', can_inv, 'payments', can_pay),
    'totals', jsonb_build_object(
      'current', (select t.figures from totals t where t.key = 'current'),
      'previous', (select t.figures from totals t where t.key = 'previous'),
      'last_year', (select t.figures from totals t where t.key = 'last_year')),
    'by_month', (select coalesce(jsonb_agg(jsonb_build_object('month', t.key) || t.figures order by t.key), '[]'::jsonb)
                   from totals t where t.key not in ('current', 'previous', 'last_year')),
    'by_unit', (select coalesce(jsonb_agg(jsonb_build_object('unit_id', u.id, 'name', u.name, 'name_ar', u.name_ar,
                                                              'type', u.type, 'city', u.city)
                                          || private.report_figures(a.available, a.blocked, a.nights, a.revenue,
                                               a.booked, a.cancelled, a.stay_nights, a.lead_days, a.invoiced,
                                               a.collected, can_inv, can_pay)
                                          order by u.name, u.id), '[]'::jsonb)
                  from u join agg a on a.by_unit and a.key = 'current' and a.unit_id = u.id),
    'by_source', (select coalesce(jsonb_agg(jsonb_build_object('source', src)
                                            || private.report_figures(t.available, t.blocked, a.nights, a.revenue,
                                                 a.booked, a.cancelled, a.stay_nights, a.lead_days, a.invoiced,
                                                 a.collected, can_inv, can_pay)
                                            order by src), '[]'::jsonb)
                    from unnest(coalesce(sources, enum_range(null::public.booking_source))) src
                    join totals t on t.key = 'current'
                    left join agg a on a.by_source and a.key = 'current' and a.source = src),
    'filters', jsonb_build_object(
      'units', (select coalesce(jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name, 'name_ar', x.name_ar,
                                                              'type', x.type, 'city', x.address_city)
                                          order by x.name, x.id), '[]'::jsonb)
                  from public.units x where x.organization_id = org),
      'types', (select coalesce(jsonb_agg(distinct x.type), '[]'::jsonb) from public.units x where x.organization_id = org),
      'cities', (select coalesce(jsonb_agg(distinct x.address_city), '[]'::jsonb)
                   from public.units x where x.organization_id = org and x.address_city is not null),
      'sources', to_jsonb(enum_range(null::public.booking_source))))
    into answer;
  return answer;
end;
$$;
comment on function public.report_overview(date, date, uuid[], public.unit_type[], text[], public.booking_source[]) is
  'Reports: occupancy, nights sold and blocked, ADR, RevPAR, revenue booked / invoiced / collected (ex VAT, SAR), bookings, cancellations, average stay and lead time for a period, the previous period and the same days last year, by month, unit and channel, filtered by units, unit types, cities and sources (bookings.read; invoiced needs invoices.read, collected payments.read). Definitions in the migration 20261129630000.';
revoke all on function public.report_overview(date, date, uuid[], public.unit_type[], text[], public.booking_source[]) from public;
grant execute on function public.report_overview(date, date, uuid[], public.unit_type[], text[], public.booking_source[]) to authenticated, service_role;
