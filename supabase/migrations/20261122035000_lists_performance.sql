-- List queries at the demo data ×10 (200 units, 20,000 clients, 50,000 bookings; `npm run bench`,
-- numbers in docs/performance.md). Same signatures and results as 20261122010000_clients_search.sql
-- and 20261122010100_bookings_lists.sql; only how the rows are found changes.
--
-- Why they were slow (EXPLAIN ANALYZE as the demo owner, RLS on): row-level security only lets
-- the planner use a condition inside an index when its operator is LEAKPROOF, because the
-- condition would otherwise see rows before the policy has filtered them. `=` on uuid and the
-- date comparisons are leakproof; LIKE / ILIKE (textlike, texticlike), the trigram word
-- similarity (<%) and the range overlap (&&) are not. So under RLS:
--   * the trigram indexes on clients.search_text and bookings.booking_reference were never used:
--     every client search read all 20,000 clients and tested LIKE on each (~45 ms), and the
--     spelling fallback computed word similarity on all of them (~630 ms);
--   * the bookings search (reference ILIKE, or client / unit IN (subquery)) read all 50,000
--     bookings of the organisation through an index and filtered them (~120 ms for the count
--     alone, then the same again for the page);
--   * the calendar's `daterange && daterange` could not use the GiST range index: it read all
--     50,000 bookings and kept 6,000.
-- The fix keeps RLS as the authority on what the caller sees: small SECURITY DEFINER helpers
-- find candidate ids through the trigram indexes (limited to the caller's organisation, and only
-- when the caller's own policy would let them read those rows), and the invoker queries then
-- filter by `id = any(ids)`, which RLS lets the planner answer from the primary key.

-- Candidate clients of the caller's organisation whose folded search text matches every LIKE
-- pattern, or (with `similar_to`) any pattern and the trigram word similarity. Only ids, and
-- only for a caller the clients_select policy lets read this organisation's clients (the same
-- readable_org_ids test): search_clients still counts and reads them under RLS.
create function private.client_ids_matching(patterns text[], similar_to text default null)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
  ids uuid[];
begin
  if org is null or coalesce(cardinality(patterns), 0) = 0
     or not org = any (private.readable_org_ids('clients.read')) then
    return '{}'::uuid[];
  end if;
  -- EXECUTE plans with the patterns known, so the trigram index sees their trigrams.
  if similar_to is null then
    execute format('select coalesce(array_agg(c.id), ''{}''::uuid[]) from public.clients c where c.organization_id = $1 and %s',
      (select string_agg(format('c.search_text like $2[%s]', i), ' and ') from generate_subscripts(patterns, 1) i))
      into ids using org, patterns;
  else
    execute 'select coalesce(array_agg(c.id), ''{}''::uuid[]) from public.clients c
             where c.organization_id = $1 and $3 operator(extensions.<%) c.search_text and c.search_text like any ($2)'
      into ids using org, patterns, similar_to;
  end if;
  return ids;
end;
$$;
comment on function private.client_ids_matching is 'Ids of the caller''s clients matching LIKE patterns (or a close word match) through the trigram index; RLS still decides visibility.';
revoke all on function private.client_ids_matching(text[], text) from public;
grant execute on function private.client_ids_matching(text[], text) to authenticated, service_role;

-- Candidate bookings of the caller's organisation whose reference matches an ILIKE pattern,
-- through bookings_reference_trgm_idx; only for a caller the bookings_select policy lets read them.
create function private.booking_ids_by_reference(pattern text)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
  ids uuid[];
begin
  if org is null or pattern is null or not org = any (private.readable_org_ids('bookings.read')) then
    return '{}'::uuid[];
  end if;
  execute 'select coalesce(array_agg(b.id), ''{}''::uuid[]) from public.bookings b
           where b.organization_id = $1 and b.booking_reference ilike $2'
    into ids using org, pattern;
  return ids;
end;
$$;
comment on function private.booking_ids_by_reference is 'Ids of the caller''s bookings whose reference matches an ILIKE pattern, through the trigram index; RLS still decides visibility.';
revoke all on function private.booking_ids_by_reference(text) from public;
grant execute on function private.booking_ids_by_reference(text) to authenticated, service_role;

-- The calendar and the dashboard ask "stays that end after X and start before Y": with both
-- columns in one index the check-in bound is tested inside the index, so only the stays in the
-- range are read from the table (the check-out-only index read 13,900 rows to keep 6,000 for a
-- 3-month view). It replaces that index (same leading columns).
create index bookings_org_check_out_check_in_idx on public.bookings (organization_id, check_out, check_in);
drop index if exists public.bookings_organization_check_out_idx;

-- search_clients: as before (every word must appear; when none matches, a close word match among
-- rows sharing the query's first or last three letters), with the candidates found by
-- private.client_ids_matching through the trigram index and then counted, sorted and read
-- under RLS by id. The organisation is looked up once ($3) instead of once per statement.
create or replace function public.search_clients(
  search text default null,
  vip_only boolean default false,
  sort text default 'created_at',
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
  digits text := regexp_replace(coalesce(search, ''), '\D', '', 'g');
  words text[];
  patterns text[] := '{}';
  word text;
  ids uuid[];
  conditions text := 'c.organization_id = $1';
  order_column text;
  result jsonb;
  total bigint;
begin
  if page_limit is null or page_limit < 1 or page_limit > 10000 or page_offset is null or page_offset < 0 then
    perform private.fail('Please check your input and try again.', 'page_invalid', '22023');
  end if;
  order_column := case sort
    when 'name' then 'c.name'
    when 'member_since' then 'c.member_since'
    when 'nationality' then 'c.nationality'
    else 'c.created_at' end;

  if folded <> '' then
    -- A phone typed with spaces or a +966 prefix: match its digits against the stored forms.
    -- Digits must match exactly: a similar phone number is a different person.
    if folded ~ '^[+0-9 ()]+$' and length(digits) >= 3 then
      words := array[digits];
    else
      words := (select array_agg(w) from unnest(string_to_array(folded, ' ')) w where w <> '');
    end if;
    foreach word in array words[1:6] loop
      patterns := patterns || ('%' || replace(replace(replace(word, '\', '\\'), '%', '\%'), '_', '\_') || '%');
    end loop;
    ids := private.client_ids_matching(patterns);
    conditions := conditions || ' and c.id = any ($2)';
  end if;
  if vip_only then
    conditions := conditions || ' and c.is_vip';
  end if;

  execute format('select count(*) from public.clients c where %s', conditions) into total using org, ids;
  -- Nothing matched the words as typed: forgive a spelling variant the folding cannot know
  -- (Mohammed / Mohamad) with a close word match (trigram word similarity), only as a fallback
  -- (on common words it would match far too much) and only among rows sharing the query's first
  -- or last three letters. The trigram index answers it inside client_ids_matching (~1 ms);
  -- under RLS it was a word-similarity test on every client (~630 ms at 20,000).
  if total = 0 and length(folded) >= 4 and folded ~ '[[:alpha:]]' then
    ids := private.client_ids_matching(
      array['%' || replace(replace(replace(left(folded, 3), '\', '\\'), '%', '\%'), '_', '\_') || '%',
            '%' || replace(replace(replace(right(folded, 3), '\', '\\'), '%', '\%'), '_', '\_') || '%'],
      folded);
    execute format('select count(*) from public.clients c where %s', conditions) into total using org, ids;
  end if;
  -- Nothing to show: skip the page query (with few matches its plan may walk the whole sort index).
  if total = 0 or page_offset >= total then
    return jsonb_build_object('total', total, 'rows', '[]'::jsonb);
  end if;
  execute format(
    $q$select coalesce(jsonb_agg(to_jsonb(p) - 'search_text' order by p.ord), '[]'::jsonb) from (
         select c.*, row_number() over () as ord,
                (select count(*) from public.bookings b where b.client_id = c.id
                   and b.organization_id = c.organization_id) as bookings_count
         from (select c.* from public.clients c where %s
               order by %s %s nulls last, c.id %s limit %s offset %s) c) p$q$,
    conditions, order_column, case when ascending then 'asc' else 'desc' end,
    case when ascending then 'asc' else 'desc' end, page_limit, page_offset)
  into result using org, ids;

  return jsonb_build_object('total', total, 'rows', result);
end;
$$;
comment on function public.search_clients is 'A page of clients matching a folded Arabic/English search, with the total count.';
revoke all on function public.search_clients from public;
grant execute on function public.search_clients to authenticated, service_role;

-- list_bookings: as before; a search of three characters or more (what a trigram can match)
-- first resolves the matching bookings by reference, the matching guests and the matching
-- units into id arrays, so the count and the page read only those bookings through the
-- primary key and the client and unit indexes (under RLS the old OR of ILIKE and IN-subqueries
-- filtered all 50,000 bookings of the organisation). Shorter searches keep the old filter: no
-- index can narrow them, and their id lists would be most of the table.
-- The page keeps its order with the sort key carried out of the LIMIT subquery instead of a
-- row_number() window inside it: the window made the planner sort all 50,000 joined rows
-- (external merge, ~270 ms) before the limit; without it, the guest sort walks clients in name
-- order and stops after the page (Incremental Sort over a nested loop).
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
             from public.bookings b
             join public.units u on u.id = b.unit_id
             join public.clients c on c.id = b.client_id
             where %s
             order by %s %s, b.id %s limit %s offset %s) p$q$,
    direction, direction, order_expression, conditions, order_expression, direction, direction, page_limit, page_offset)
  into result using pattern, statuses, sources, date_from, date_to, unit_id, client_id, reference_pattern,
                    org, booking_ids, client_ids, unit_ids;

  return jsonb_build_object('total', total, 'rows', result);
end;
$$;
comment on function public.list_bookings is 'A filtered, sorted page of bookings with unit and guest names, and the total count.';
revoke all on function public.list_bookings from public;
grant execute on function public.list_bookings to authenticated, service_role;

-- calendar_bookings: the same stays, found with `check_out > from and check_in < to` (the
-- overlap of two [) ranges, check_out > check_in being a table constraint), which RLS lets the
-- planner answer from bookings_org_check_out_check_in_idx; the `daterange &&` test it replaces
-- is not leakproof and read every booking of the organisation.
create or replace function public.calendar_bookings(from_date date, to_date date)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_variable
begin
  if from_date is null or to_date is null or to_date <= from_date or to_date - from_date > 400 then
    perform private.fail('Please check your input and try again.', 'calendar_range_invalid', '22023');
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_array(b.id, b.unit_id, b.check_in, b.check_out, b.status,
                                                b.booking_reference, c.name)), '[]'::jsonb)
    from public.bookings b
    join public.clients c on c.id = b.client_id
    where b.organization_id = private.current_org_id()
      and b.check_out > from_date
      and b.check_in < to_date
      and b.status <> 'cancelled'
  );
end;
$$;
comment on function public.calendar_bookings is 'Stays touching a date range: [id, unit_id, check_in, check_out, status, reference, guest].';
revoke all on function public.calendar_bookings from public;
grant execute on function public.calendar_bookings to authenticated, service_role;
