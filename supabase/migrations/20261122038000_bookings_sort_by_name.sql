-- Bookings sorted by guest or by unit at the demo data ×10 (`npm run bench`, docs/performance.md).
-- After 20261122035000_lists_performance.sql the guest sort still took ~140 ms on PostgreSQL 15:
-- EXPLAIN ANALYZE showed a hash join of all 50,000 bookings with 20,000 clients and 200 units,
-- then a top-N sort for the 25 rows of the page (PGlite's planner found the ordered walk by itself,
-- PostgreSQL 15's did not). Walking the clients in name order through
-- clients_organization_name_idx and reading each one's bookings through bookings_client_id_idx
-- stops after the page: ~17 ms. The unit sort needs units in name order from an index too.
-- Same signature and results; only the page query's FROM changes, and only without a search or a
-- guest / unit filter (those select few bookings, which the join and sort handle best) and for
-- the first 5,000 rows.

create index units_organization_name_idx on public.units (organization_id, name);

create or replace function public.list_bookings(
  search text default null,
  scope text default 'all',
  statuses public.booking_status[] default null,
  sources public.booking_source[] default null,
  date_from date default null,
  date_to date default null,
  unit_id uuid default null,
  client_id uuid default null,
  sort text default 'check_in',
  ascending boolean default false,
  page_limit integer default 25,
  page_offset integer default 0
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  folded text := private.fold_search(search);
  pattern text;
  reference_pattern text;
  booking_ids uuid[];
  client_ids uuid[];
  unit_ids uuid[];
  conditions text := 'b.organization_id = $9';
  order_expression text;
  direction text := case when ascending then 'asc' else 'desc' end;
  page_from text;
  total bigint;
  result jsonb;
begin
  if page_limit is null or page_limit < 1 or page_limit > 1000 or page_offset is null or page_offset < 0 then
    perform private.fail('Please check your input and try again.', 'page_invalid', '22023');
  end if;
  order_expression := case sort
    when 'check_out' then 'b.check_out'
    when 'created_at' then 'b.created_at'
    when 'total_amount' then 'b.total_amount'
    when 'booking_reference' then 'b.booking_reference'
    when 'status' then 'b.status'
    when 'guest' then 'c.name'
    when 'unit' then 'u.name'
    else 'b.check_in' end;

  if scope = 'active' then
    conditions := conditions || $c$ and b.status in ('pending', 'confirmed', 'checked_in')$c$;
  elsif scope = 'completed' then
    conditions := conditions || $c$ and b.status = 'checked_out'$c$;
  end if;
  if statuses is not null and cardinality(statuses) > 0 then conditions := conditions || ' and b.status = any ($2)'; end if;
  if sources is not null and cardinality(sources) > 0 then conditions := conditions || ' and b.source = any ($3)'; end if;
  if date_from is not null then conditions := conditions || ' and b.check_out > $4'; end if;
  if date_to is not null then conditions := conditions || ' and b.check_in <= $5'; end if;
  if unit_id is not null then conditions := conditions || ' and b.unit_id = $6'; end if;
  if client_id is not null then conditions := conditions || ' and b.client_id = $7'; end if;
  if folded <> '' then
    pattern := '%' || replace(replace(replace(folded, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    -- References are matched as typed (BK-7KQ…: the folding would turn the hyphen into a space).
    reference_pattern := '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%';
    if length(folded) >= 3 then
      booking_ids := private.booking_ids_by_reference(reference_pattern);
      client_ids := private.client_ids_matching(array[pattern]);
      -- Units are few (hundreds); their names are folded here, under RLS.
      unit_ids := array(select su.id from public.units su
                        where su.organization_id = org
                          and private.fold_search(su.name || ' ' || coalesce(su.name_ar, '')) like pattern);
      if cardinality(booking_ids) + cardinality(client_ids) + cardinality(unit_ids) = 0 then
        return jsonb_build_object('total', 0, 'rows', '[]'::jsonb);
      end if;
      conditions := conditions || ' and (b.id = any ($10) or b.client_id = any ($11) or b.unit_id = any ($12))';
    else
      conditions := conditions || $c$ and (b.booking_reference ilike $8
        or b.client_id in (select sc.id from public.clients sc
                           where sc.organization_id = $9 and sc.search_text like $1)
        or b.unit_id in (select su.id from public.units su
                         where su.organization_id = $9
                           and private.fold_search(su.name || ' ' || coalesce(su.name_ar, '')) like $1))$c$;
    end if;
  end if;

  execute format('select count(*) from public.bookings b where %s', conditions)
    into total using pattern, statuses, sources, date_from, date_to, unit_id, client_id, reference_pattern,
                     org, booking_ids, client_ids, unit_ids;
  -- Nothing to show: skip the page query (with few matches its plan may walk the whole sort index).
  if total = 0 or page_offset >= total then
    return jsonb_build_object('total', total, 'rows', '[]'::jsonb);
  end if;
  -- Sorted by guest or unit name over most of the organisation's bookings (no search, no guest
  -- or unit filter): walk the clients (or units) in name order and fetch each one's bookings
  -- (LATERAL, kept apart by OFFSET 0 so it stays a per-row lookup), stopping once the page is
  -- full. Otherwise PostgreSQL 15 joins all 50,000 bookings and sorts them (~140 ms). The walk
  -- reads every row before the page, so deep pages keep the join and sort (at offset 19,975 the
  -- walk took 410 ms against 250 ms).
  if sort in ('guest', 'unit') and (folded <> '' or client_id is not null or unit_id is not null or page_offset > 5000) then
    page_from := null;
  elsif sort = 'guest' then
    page_from := format($f$public.clients c
      cross join lateral (select b.* from public.bookings b where b.client_id = c.id and %s offset 0) b
      join public.units u on u.id = b.unit_id
      where c.organization_id = $9$f$, conditions);
  elsif sort = 'unit' then
    page_from := format($f$public.units u
      cross join lateral (select b.* from public.bookings b where b.unit_id = u.id and %s offset 0) b
      join public.clients c on c.id = b.client_id
      where u.organization_id = $9$f$, conditions);
  end if;
  if page_from is null then
    page_from := format($f$public.bookings b
      join public.units u on u.id = b.unit_id
      join public.clients c on c.id = b.client_id
      where %s$f$, conditions);
  end if;
  execute format(
    $q$select coalesce(jsonb_agg(jsonb_build_object(
         'id', p.id, 'booking_reference', p.booking_reference, 'status', p.status, 'source', p.source,
         'check_in', p.check_in, 'check_out', p.check_out, 'nights', p.nights, 'guests_count', p.guests_count,
         'total_amount', p.total_amount, 'created_at', p.created_at,
         'unit', jsonb_build_object('id', p.unit_id, 'name', p.unit_name, 'name_ar', p.unit_name_ar),
         'client', jsonb_build_object('id', p.client_id, 'name', p.client_name, 'phone', p.client_phone))
         order by p.sort_key %s, p.id %s), '[]'::jsonb)
       from (select b.*, u.name as unit_name, u.name_ar as unit_name_ar, c.name as client_name,
                    c.phone as client_phone, %s as sort_key
             from %s
             order by %s %s, b.id %s limit %s offset %s) p$q$,
    direction, direction, order_expression, page_from, order_expression, direction, direction, page_limit, page_offset)
  into result using pattern, statuses, sources, date_from, date_to, unit_id, client_id, reference_pattern,
                    org, booking_ids, client_ids, unit_ids;

  return jsonb_build_object('total', total, 'rows', result);
end;
$$;
comment on function public.list_bookings is 'A filtered, sorted page of bookings with unit and guest names, and the total count.';
revoke all on function public.list_bookings from public;
grant execute on function public.list_bookings to authenticated, service_role;
