-- Reports (issue 17): report_overview (20261129640000), same answers, less work per row. Most of
-- a year's time went into giving each of ~150,000 rows (stays sold, made, cancelled; documents;
-- payments) its window: to_char and date_trunc on every row, and each row list read once per
-- window (its month, the previous period, last year). Now a small table of the windows' days
-- (with their month's key and the next month's first day) is built once, and each list is joined
-- to it on the row's day: one pass, one hash lookup per row.

create or replace function public.report_overview(
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
set jit = off
set work_mem = '32MB'
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  can_inv boolean := private.has_permission('invoices.read');
  can_pay boolean := private.has_permission('payments.read');
  spans datemultirange;
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
  prev_ts timestamptz;
  ly_from_ts timestamptz;
  ly_to_ts timestamptz;
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
  prev_ts := prev_from::timestamp at time zone tz;
  ly_from_ts := ly_from::timestamp at time zone tz;
  ly_to_ts := (ly_to + 1)::timestamp at time zone tz;
  -- The days the three windows cover (a month's report needs 3 months of data, not 13).
  select range_agg(r) into spans
    from (values (daterange(period.first_day, period.last_day, '[]')), (daterange(prev_from, prev_to, '[]')),
                 (daterange(ly_from, ly_to, '[]'))) v(r);

  with
  -- The windows: each month of the period (together the period), the previous period, last year.
  win as (
    select to_char(m, 'YYYY-MM') as key, true as is_month, greatest(m::date, period.first_day) as d0,
           least((m + interval '1 month' - interval '1 day')::date, period.last_day) as d1
      from generate_series(date_trunc('month', period.first_day), date_trunc('month', period.last_day),
                           interval '1 month') m
    union all select 'previous', false, prev_from, prev_to
    union all select 'last_year', false, ly_from, ly_to
  ),
  -- Each day of the windows with the window it counts in (a day of the comparison windows may
  -- count in both), its month's key and the first day of the next month: rows are given their
  -- window by a join on their day instead of to_char and date_trunc on every row.
  days as materialized (
    select d::date as day, to_char(d, 'YYYY-MM') as key, true as is_month,
           (date_trunc('month', d) + interval '1 month')::date as next_month
      from generate_series(period.first_day::timestamp, period.last_day::timestamp, interval '1 day') d
    union all
    select d::date, 'previous', false, null from generate_series(prev_from::timestamp, prev_to::timestamp, interval '1 day') d
    union all
    select d::date, 'last_year', false, null from generate_series(ly_from::timestamp, ly_to::timestamp, interval '1 day') d
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
  -- Stays of those units touching the windows by a night, their creation or their cancellation;
  -- Airbnb blocks are not stays (their nights are blocked, below).
  st as materialized (
    select b.unit_id, b.source, b.status <> 'cancelled' as live, b.check_in, b.check_out, b.price_per_night,
           (b.created_at at time zone tz)::date as created_day,
           case when b.status = 'cancelled' then (b.cancelled_at at time zone tz)::date end as cancelled_day,
           (sources is null or b.source = any (sources)) as in_src, u.is_active
      from public.bookings b
      join u on u.id = b.unit_id
     where b.organization_id = org
       and ((b.check_in <= period.last_day and b.check_out > prev_from)
            or (b.check_in <= ly_to and b.check_out > ly_from)
            or (b.created_at >= prev_ts and b.created_at < hi_ts)
            or (b.created_at >= ly_from_ts and b.created_at < ly_to_ts)
            or (b.status = 'cancelled' and ((b.cancelled_at >= prev_ts and b.cancelled_at < hi_ts)
                                           or (b.cancelled_at >= ly_from_ts and b.cancelled_at < ly_to_ts))))
       and not exists (select 1 from ch where ch.booking_id = b.id)
  ),
  -- Nights blocked by the channels on active units, each once, not sold by any channel.
  bn as (
    select distinct c.unit_id, g::date as night
      from ch c
      join u on u.id = c.unit_id and u.is_active
      cross join generate_series(greatest(c.check_in, lo), least(c.check_out - 1, hi), interval '1 day') g
     where not exists (select 1 from st s where s.live and s.unit_id = c.unit_id
                                             and s.check_in <= g::date and s.check_out > g::date)
  ),
  -- Per unit and window: available and blocked nights. An inactive unit's unsold nights are all
  -- blocked; an active unit's blocked nights are the channels'.
  -- (The sold stays of inactive units are set apart first: joined to the windows, the whole of
  -- st was read again for each window.)
  ina as materialized (select s.unit_id, s.check_in, s.check_out from st s where s.live and not s.is_active),
  inactive_sold as (
    select w.key, s.unit_id, sum(least(s.check_out, w.d1 + 1) - greatest(s.check_in, w.d0)) as nights
      from ina s join win w on s.check_in <= w.d1 and s.check_out > w.d0
     group by w.key, s.unit_id
  ),
  channel_blocked as (
    select w.key, bn.unit_id, count(*) as nights
      from bn join win w on bn.night between w.d0 and w.d1
     group by w.key, bn.unit_id
  ),
  availability as (
    select w.key, w.is_month, u.id as unit_id, x.blocked, (w.d1 - w.d0 + 1) - x.blocked as available
      from win w
      cross join u
      left join inactive_sold i on i.key = w.key and i.unit_id = u.id
      left join channel_blocked c on c.key = w.key and c.unit_id = u.id
      cross join lateral (select case when u.is_active then coalesce(c.nights, 0)
                                      else (w.d1 - w.d0 + 1) - coalesce(i.nights, 0) end as blocked) x
  ),
  -- Nights sold, by window: the month of the period holding the stay's first night in it (and,
  -- for the few stays crossing a month end, the next months), the previous period, last year.
  sold as (select s.* from st s where s.live and s.in_src),
  -- The sold stays with a night in the period, with the month of their first night in it.
  sp as materialized (
    select s.unit_id, s.source, s.check_in, s.check_out, s.price_per_night, d.key, d.next_month
      from sold s
      join days d on d.is_month and d.day = greatest(s.check_in, period.first_day)
     where s.check_in <= period.last_day and s.check_out > period.first_day
  ),
  night_rows as (
    select s.key, true as is_month, s.unit_id, s.source,
           least(s.check_out, s.next_month, period.last_day + 1) - greatest(s.check_in, period.first_day) as nights,
           s.price_per_night
      from sp s
    union all
    select to_char(m, 'YYYY-MM'), true, s.unit_id, s.source,
           least(s.check_out, (m + interval '1 month')::date, period.last_day + 1) - m::date, s.price_per_night
      from sp s
      cross join lateral generate_series(s.next_month::timestamp,
                                         date_trunc('month', least(s.check_out - 1, period.last_day)::timestamp),
                                         interval '1 month') m
     where s.check_out - 1 >= s.next_month
    union all
    select 'previous', false, s.unit_id, s.source,
           least(s.check_out, prev_to + 1) - greatest(s.check_in, prev_from), s.price_per_night
      from sold s where s.check_in <= prev_to and s.check_out > prev_from
    union all
    select 'last_year', false, s.unit_id, s.source,
           least(s.check_out, ly_to + 1) - greatest(s.check_in, ly_from), s.price_per_night
      from sold s where s.check_in <= ly_to and s.check_out > ly_from
  ),
  -- Stays made (not cancelled) and stays cancelled, by the window of their local day.
  made as (select s.* from st s where s.in_src and s.live),
  gone as (select s.* from st s where s.in_src and s.cancelled_day is not null),
  event_rows as (
    select d.key, d.is_month, s.unit_id, s.source, 1 as booked, 0 as cancelled,
           s.check_out - s.check_in as stay_nights, s.check_in - s.created_day as lead_days
      from made s join days d on d.day = s.created_day
    union all
    select d.key, d.is_month, s.unit_id, s.source, 0, 1, 0, 0
      from gone s join days d on d.day = s.cancelled_day
  ),
  -- Money: documents issued and payments received, by the window of their (local) day, with the
  -- stay they are for.
  -- Only the period's documents and payments (by unit and channel), or all of them under a
  -- filter, need their stay; without a filter the comparison windows need only their totals.
  iv as materialized (
    select i.issue_date as day, case when i.invoice_type_code = '381' then -i.subtotal_sar else i.subtotal_sar end as amount,
           b.unit_id, b.source
      from public.invoices i
      left join public.invoices o on o.id = i.original_invoice_id
      left join public.bookings b on b.id = coalesce(i.booking_id, o.booking_id)
     where can_inv and i.organization_id = org and i.issued_at is not null and i.status <> 'draft'
       and i.issue_date between lo and hi
       and (i.issue_date >= prev_from or i.issue_date between ly_from and ly_to)
       and (filtered or i.issue_date between period.first_day and period.last_day)
       and (not filtered or (b.unit_id in (select u.id from u) and (sources is null or b.source = any (sources))))
    union all
    select i.issue_date, case when i.invoice_type_code = '381' then -i.subtotal_sar else i.subtotal_sar end, null, null
      from public.invoices i
     where can_inv and not filtered and i.organization_id = org and i.issued_at is not null and i.status <> 'draft'
       and i.issue_date between lo and period.first_day - 1
       and (i.issue_date >= prev_from or i.issue_date between ly_from and ly_to)
  ),
  pay as materialized (
    select p.day, p.amount, p.unit_id, p.source
      from unnest(spans) r
      cross join lateral private.report_payment_rows(lower(r)::timestamp at time zone tz,
                                                     upper(r)::timestamp at time zone tz, tz) p
     where can_pay
  ),
  pm as (
    select x.day, x.amount, x.unit_id, x.source
      from pay x
     where (filtered or x.day between period.first_day and period.last_day)
       and (not filtered or (x.unit_id in (select u.id from u) and (sources is null or x.source = any (sources))))
    union all
    select x.day, x.amount, null, null
      from pay x
     where not filtered and x.day < period.first_day
  ),
  money_rows as (
    select d.key, d.is_month, v.unit_id, v.source, v.amount as invoiced, 0::numeric as collected
      from iv v join days d on d.day = v.day
    union all
    select d.key, d.is_month, p.unit_id, p.source, 0, p.amount
      from pm p join days d on d.day = p.day
  ),
  -- Every contribution to the figures, by window, unit and channel.
  facts as (
    select a.key, a.is_month, a.unit_id, null::public.booking_source as source, a.available, a.blocked,
           0 as nights, 0::numeric as revenue, 0 as booked, 0 as cancelled, 0 as stay_nights, 0 as lead_days,
           0::numeric as invoiced, 0::numeric as collected
      from availability a
    union all
    select n.key, n.is_month, n.unit_id, n.source, 0, 0, sum(n.nights), sum(n.nights * n.price_per_night),
           0, 0, 0, 0, 0, 0
      from night_rows n where n.nights > 0
     group by n.key, n.is_month, n.unit_id, n.source
    union all
    select e.key, e.is_month, e.unit_id, e.source, 0, 0, 0, 0, sum(e.booked), sum(e.cancelled), sum(e.stay_nights),
           sum(e.lead_days), 0, 0
      from event_rows e
     group by e.key, e.is_month, e.unit_id, e.source
    union all
    select m.key, m.is_month, m.unit_id, m.source, 0, 0, 0, 0, 0, 0, 0, 0, sum(m.invoiced), sum(m.collected)
      from money_rows m
     group by m.key, m.is_month, m.unit_id, m.source
  ),
  -- Sums by window; and for the period (its months together): in total, by unit, by channel.
  agg as (
    select case when grouping(f.key) = 0 then f.key else 'current' end as key,
           f.unit_id, f.source, grouping(f.unit_id) = 0 as by_unit, grouping(f.source) = 0 as by_source,
           sum(f.available) as available, sum(f.blocked) as blocked, sum(f.nights) as nights,
           sum(f.revenue) as revenue, sum(f.booked) as booked, sum(f.cancelled) as cancelled,
           sum(f.stay_nights) as stay_nights, sum(f.lead_days) as lead_days, sum(f.invoiced) as invoiced,
           sum(f.collected) as collected
      from facts f
     group by grouping sets ((f.is_month, f.key), (f.is_month), (f.is_month, f.unit_id), (f.is_month, f.source))
    having f.is_month or grouping(f.key) = 0
  ),
  -- Every window has figures, also when nothing matched (e.g. units of another organisation).
  totals as (
    select w.key, a.available, a.blocked,
           private.report_figures(a.available, a.blocked, a.nights, a.revenue, a.booked, a.cancelled, a.stay_nights,
                                  a.lead_days, a.invoiced, a.collected, can_inv, can_pay) as figures
      from (select win.key from win union all select 'current') w
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
