-- Bookings screen (SPEC §2, §4): the cancellation reason, the status actions the database allows,
-- a price quote before saving, and the two list queries (paged list, calendar range) as RPCs so
-- searching across reference, guest and unit, sorting and counting all happen on the server.

alter table public.bookings
  add column cancellation_reason text check (cancellation_reason is null or length(cancellation_reason) <= 500);
comment on column public.bookings.cancellation_reason is 'Why the booking was cancelled (given with the cancel action).';

-- Reference fragments ("7KQ") are searched with ILIKE; the calendar asks "which stays touch
-- these days", which the range index answers without scanning every earlier stay.
create index bookings_reference_trgm_idx on public.bookings using gin (booking_reference extensions.gin_trgm_ops);
create index bookings_org_stay_idx on public.bookings using gist (organization_id, daterange(check_in, check_out, '[)'));
create index bookings_organization_check_out_idx on public.bookings (organization_id, check_out);

-- SPEC §4 names the actions: confirm, check in, check out, cancel. The allowed moves:
--   pending → confirmed | cancelled;  confirmed → checked_in | cancelled;  checked_in → checked_out.
-- Checked-out and cancelled stays are final for staff. Trusted callers (seed, edge functions,
-- this project's validated SECURITY DEFINER functions) are not limited.
create function private.booking_status_allowed(from_status public.booking_status, to_status public.booking_status)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select from_status = to_status
    or (from_status = 'pending' and to_status in ('confirmed', 'cancelled'))
    or (from_status = 'confirmed' and to_status in ('checked_in', 'cancelled'))
    or (from_status = 'checked_in' and to_status = 'checked_out')
$$;
grant execute on function private.booking_status_allowed(public.booking_status, public.booking_status) to authenticated, service_role;

create function private.bookings_status_transition()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status and not private.is_trusted()
     and not private.booking_status_allowed(old.status, new.status) then
    perform private.fail('This status change is not allowed', 'booking_status_transition', '23514');
  end if;
  if new.status <> 'cancelled' then
    new.cancellation_reason := null;
  else
    new.cancellation_reason := nullif(btrim(coalesce(new.cancellation_reason, '')), '');
  end if;
  return new;
end;
$$;
create trigger bookings_status_transition before update on public.bookings
  for each row execute function private.bookings_status_transition();

-- The price the database will store for this stay (nights × price per night + cleaning fee, as
-- bookings_before_write computes it) and whether the unit is free, for the form's preview. When
-- editing a booking whose stay is unchanged, its stored prices apply, exactly as on save.
create function public.booking_quote(
  unit_id uuid,
  check_in date,
  check_out date,
  exclude_booking_id uuid default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  unit record;
  existing record;
  price numeric;
  fee numeric;
begin
  if unit_id is null or check_in is null or check_out is null then
    perform private.fail('This field is required', 'availability_input_required', '22023');
  end if;
  if check_out <= check_in then
    perform private.fail('Check-out must be after check-in', 'booking_dates_invalid', '22023');
  end if;
  if private.current_org_id() is null
     or not (private.has_permission('bookings.read') or private.has_permission('bookings.write')) then
    perform private.fail('Availability check failed', 'availability_forbidden', '42501');
  end if;
  select u.price_per_night, u.cleaning_fee into unit from public.units u
    where u.id = booking_quote.unit_id and u.organization_id = private.current_org_id();
  if not found then
    perform private.fail('Availability check failed', 'availability_forbidden', '42501');
  end if;
  price := unit.price_per_night;
  fee := unit.cleaning_fee;
  if exclude_booking_id is not null then
    select b.unit_id, b.check_in, b.check_out, b.price_per_night, b.cleaning_fee into existing
      from public.bookings b where b.id = exclude_booking_id and b.organization_id = private.current_org_id();
    if found and existing.unit_id = unit_id and existing.check_in = check_in and existing.check_out = check_out then
      price := existing.price_per_night;
      fee := existing.cleaning_fee;
    end if;
  end if;
  return jsonb_build_object(
    'available', not exists (
      select 1 from public.bookings b
      where b.unit_id = booking_quote.unit_id and b.status <> 'cancelled'
        and (exclude_booking_id is null or b.id <> exclude_booking_id)
        and daterange(b.check_in, b.check_out, '[)') && daterange(check_in, check_out, '[)')),
    'nights', check_out - check_in,
    'price_per_night', price,
    'cleaning_fee', fee,
    'total_amount', private.round_money((check_out - check_in) * price + fee));
end;
$$;
comment on function public.booking_quote is 'Availability and the total the database will compute for a stay, before saving.';
revoke all on function public.booking_quote from public;
grant execute on function public.booking_quote to authenticated, service_role;

-- One page of the caller's bookings. `scope`: all | active (pending, confirmed, checked_in) |
-- completed (checked_out). `search` matches the reference, the guest (folded like client search)
-- or the unit name (English or Arabic). Dates select stays that touch [date_from, date_to].
-- SECURITY INVOKER: row-level security decides what the caller may see.
create function public.list_bookings(
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
  folded text := private.fold_search(search);
  pattern text;
  conditions text := 'b.organization_id = private.current_org_id()';
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
    conditions := conditions || $c$ and (b.booking_reference ilike $1
      or b.client_id in (select sc.id from public.clients sc
                         where sc.organization_id = private.current_org_id() and sc.search_text like $1)
      or b.unit_id in (select su.id from public.units su
                       where su.organization_id = private.current_org_id()
                         and private.fold_search(su.name || ' ' || coalesce(su.name_ar, '')) like $1))$c$;
  end if;

  execute format('select count(*) from public.bookings b where %s', conditions)
    into total using pattern, statuses, sources, date_from, date_to, unit_id, client_id;
  execute format(
    $q$select coalesce(jsonb_agg(jsonb_build_object(
         'id', p.id, 'booking_reference', p.booking_reference, 'status', p.status, 'source', p.source,
         'check_in', p.check_in, 'check_out', p.check_out, 'nights', p.nights, 'guests_count', p.guests_count,
         'total_amount', p.total_amount, 'created_at', p.created_at,
         'unit', jsonb_build_object('id', p.unit_id, 'name', p.unit_name, 'name_ar', p.unit_name_ar),
         'client', jsonb_build_object('id', p.client_id, 'name', p.client_name, 'phone', p.client_phone))
         order by p.ord), '[]'::jsonb)
       from (select b.*, u.name as unit_name, u.name_ar as unit_name_ar, c.name as client_name,
                    c.phone as client_phone, row_number() over (order by %s %s, b.id %s) as ord
             from public.bookings b
             join public.units u on u.id = b.unit_id
             join public.clients c on c.id = b.client_id
             where %s
             order by %s %s, b.id %s limit %s offset %s) p$q$,
    order_expression, direction, direction, conditions, order_expression, direction, direction, page_limit, page_offset)
  into result using pattern, statuses, sources, date_from, date_to, unit_id, client_id;

  return jsonb_build_object('total', total, 'rows', result);
end;
$$;
comment on function public.list_bookings is 'A filtered, sorted page of bookings with unit and guest names, and the total count.';
revoke all on function public.list_bookings from public;
grant execute on function public.list_bookings to authenticated, service_role;

-- The calendar: every stay that is not cancelled and touches [from_date, to_date), compact
-- (one array per stay) because a 90-day view of 200 units holds thousands of them and a table
-- select would stop at the API's max-rows.
create function public.calendar_bookings(from_date date, to_date date)
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
      and b.status <> 'cancelled'
      and daterange(b.check_in, b.check_out, '[)') && daterange(from_date, to_date, '[)')
  );
end;
$$;
comment on function public.calendar_bookings is 'Stays touching a date range: [id, unit_id, check_in, check_out, status, reference, guest].';
revoke all on function public.calendar_bookings from public;
grant execute on function public.calendar_bookings to authenticated, service_role;
