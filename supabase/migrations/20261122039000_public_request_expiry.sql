-- Public booking requests hold their dates for a limited time, and guests cannot flood a unit
-- with them. A request made on an organisation's public page (request_booking()) is a pending
-- booking, and pending bookings take part in bookings_no_overlap: without an end, one request
-- (or a script sending many) would keep a unit's dates from everyone else for ever.
--
--   * Each public request carries request_expires_at = created + the hold window. Once that
--     time has passed while the request is still pending, it is cancelled with the reason
--     'Request expired' and its dates are free again.
--   * Release needs no scheduler: every write that takes dates of a unit (the trigger
--     bookings_0_request_hold, so request_booking() and staff bookings alike) first releases
--     the lapsed requests overlapping them, and every availability check
--     (check_unit_availability, unit_booked_ranges, booking_quote) first sweeps the unit's.
--     private.expire_pending_requests() sweeps everything and is scheduled with pg_cron where
--     it is installed (hosted Supabase).
--   * Staff can only cancel an expired request; confirming or editing it is refused, so the
--     outcome does not depend on whether a sweep happened to run first.
--   * request_booking() refuses a guest (by phone) who already has too many requests waiting
--     in the organisation, and a unit that received too many requests within a short window.

-- The constants, in one place.
--   hold = 24 hours: long enough for a host to see and answer a request the same or next day
--     (overnight, a busy check-in day), short enough that an abandoned or abusive request
--     blocks the dates for at most a day. It is also the window guests know from the big
--     platforms' "request to book" (the host has 24 hours to answer).
--   max_pending_per_guest = 3: a family may ask for two or three units or date options at
--     once; more waiting requests from one phone number are not a real guest's pattern.
--   unit_window / max_per_unit_window = 3 requests per unit per 10 minutes: a short-stay unit
--     rarely gets more than one request in minutes; a script filling its calendar is stopped
--     after three, while a refused request (overlap, bad input) does not count.
create function private.booking_request_rules(
  out hold interval,
  out expired_reason text,
  out max_pending_per_guest integer,
  out unit_window interval,
  out max_per_unit_window integer
)
language sql
immutable
set search_path = ''
as $$
  select interval '24 hours', 'Request expired', 3, interval '10 minutes', 3
$$;
comment on function private.booking_request_rules is
  'Public booking requests: hold window, the cancellation reason of an expired request, and the rate limits.';
revoke all on function private.booking_request_rules from public;
grant execute on function private.booking_request_rules to service_role;

alter table public.bookings add column request_expires_at timestamptz;
comment on column public.bookings.request_expires_at is
  'Public booking requests only (request_booking): while pending, the request holds its dates until this time, then expires. Null for bookings made by staff, channels or the seed.';

-- Lapsed holds of one unit (the sweep), the guest limit (pending requests of an organisation)
-- and the unit limit (requests of a unit by creation time). Only public requests are indexed.
create index bookings_request_holds_unit_idx on public.bookings (unit_id, request_expires_at)
  where status = 'pending' and request_expires_at is not null;
create index bookings_request_holds_org_idx on public.bookings (organization_id, client_id)
  where status = 'pending' and request_expires_at is not null;
create index bookings_requests_unit_created_idx on public.bookings (unit_id, created_at)
  where request_expires_at is not null;

-- Cancels lapsed public requests: of one unit (the lazy sweep before an availability check),
-- only those overlapping a stay (before a booking write), or of every unit (scheduled). Takes
-- the unit's booking lock first, in the order bookings_before_write and request_booking() take
-- it, so two writers of one unit never wait on each other crosswise. Returns how many expired.
create function private.expire_pending_requests(
  unit_id uuid default null,
  except_booking_id uuid default null,
  stay daterange default null
)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  rules record;
  unit uuid;
  swept integer;
  total integer := 0;
begin
  select * into rules from private.booking_request_rules();
  for unit in
    select distinct b.unit_id from public.bookings b
    where b.status = 'pending' and b.request_expires_at <= now()
      and (unit_id is null or b.unit_id = unit_id)
      and (except_booking_id is null or b.id <> except_booking_id)
      and (stay is null or daterange(b.check_in, b.check_out, '[)') && stay)
    order by b.unit_id
  loop
    perform pg_advisory_xact_lock(hashtextextended('booking-unit:' || unit::text, 0));
    update public.bookings b
       set status = 'cancelled', cancellation_reason = rules.expired_reason, cancelled_at = b.request_expires_at
     where b.unit_id = unit and b.status = 'pending' and b.request_expires_at <= now()
       and (except_booking_id is null or b.id <> except_booking_id)
       and (stay is null or daterange(b.check_in, b.check_out, '[)') && stay);
    get diagnostics swept = row_count;
    total := total + swept;
  end loop;
  return total;
end;
$$;
comment on function private.expire_pending_requests is
  'Cancels pending public booking requests whose hold has lapsed (of one unit and optionally one stay, or all when unit_id is null); returns the count.';
revoke all on function private.expire_pending_requests from public;
grant execute on function private.expire_pending_requests to service_role;

-- Before every booking write: browser users cannot set or move a hold (only request_booking()
-- does, as a trusted call) and can only cancel an expired request; and when the write takes
-- dates (an insert, a changed stay, a cancelled booking revived), the lapsed requests of the
-- unit overlapping those dates are released before bookings_before_write and
-- bookings_no_overlap look for overlaps. Only those: a multi-row update must not meet rows a
-- trigger of its own already changed. The trigger's name starts with "0" because Postgres
-- fires triggers of one event in name order and this one must run before bookings_before_write.
create function private.bookings_request_hold()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if not private.is_trusted() then
      new.request_expires_at := null;
    end if;
  elsif not private.is_trusted() then
    new.request_expires_at := old.request_expires_at;
    if old.status = 'pending' and old.request_expires_at <= now() and new.status <> 'cancelled' then
      perform private.fail('This booking request has expired', 'booking_request_expired', '23514');
    end if;
  end if;
  if new.status <> 'cancelled' and new.check_out > new.check_in
     and (tg_op = 'INSERT' or old.status = 'cancelled' or new.unit_id is distinct from old.unit_id
          or new.check_in is distinct from old.check_in or new.check_out is distinct from old.check_out) then
    perform private.expire_pending_requests(new.unit_id, new.id, daterange(new.check_in, new.check_out, '[)'));
  end if;
  return new;
end;
$$;
comment on function private.bookings_request_hold is
  'Guards request_expires_at, refuses changes to expired requests other than cancelling, releases lapsed requests in the way of a write.';
create trigger bookings_0_request_hold before insert or update on public.bookings
  for each row execute function private.bookings_request_hold();

-- Availability answers count only live holds: the unit's lapsed requests are released first.
-- (Volatile now: they may write that release.)
create or replace function public.check_unit_availability(
  unit_id uuid,
  check_in date,
  check_out date,
  exclude_booking_id uuid default null
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
begin
  if unit_id is null or check_in is null or check_out is null then
    perform private.fail('This field is required', 'availability_input_required', '22023');
  end if;
  if check_out <= check_in then
    perform private.fail('Check-out must be after check-in', 'booking_dates_invalid', '22023');
  end if;
  if not private.can_see_unit_calendar(unit_id) then
    perform private.fail('Availability check failed', 'availability_forbidden', '42501');
  end if;
  perform private.expire_pending_requests(unit_id);
  return not exists (
    select 1 from public.bookings b
    where b.unit_id = check_unit_availability.unit_id
      and b.status <> 'cancelled'
      and (exclude_booking_id is null or b.id <> exclude_booking_id)
      and daterange(b.check_in, b.check_out, '[)') && daterange(check_in, check_out, '[)')
  );
end;
$$;
comment on function public.check_unit_availability is
  'True when no non-cancelled booking of the unit overlaps [check_in, check_out); lapsed public requests are released first.';

-- The public (and staff) calendar of a unit: dates only, lapsed requests released first.
create or replace function public.unit_booked_ranges(unit_id uuid, from_date date, to_date date)
returns table (check_in date, check_out date)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
begin
  if not private.can_see_unit_calendar(unit_id) then
    perform private.fail('Availability check failed', 'availability_forbidden', '42501');
  end if;
  perform private.expire_pending_requests(unit_id);
  return query
    select b.check_in, b.check_out from public.bookings b
    where b.unit_id = unit_booked_ranges.unit_id and b.status <> 'cancelled'
      and b.check_out > from_date and b.check_in < to_date
    order by b.check_in;
end;
$$;
comment on function public.unit_booked_ranges is
  'Booked date ranges of a unit (no guest data) touching [from_date, to_date); lapsed public requests are released first.';

-- The booking form's preview (price and availability), lapsed requests released first.
create or replace function public.booking_quote(
  unit_id uuid,
  check_in date,
  check_out date,
  exclude_booking_id uuid default null
)
returns jsonb
language plpgsql
volatile
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
  perform private.expire_pending_requests(unit_id);
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
comment on function public.booking_quote is
  'Availability and the total the database will compute for a stay, before saving; lapsed public requests are released first.';

-- A phone number as a comparison key: its last nine digits (a Saudi mobile number without
-- +966 / 00966 / 0, and the same key whichever of those forms the guest typed).
create function private.phone_key(phone text)
returns text
language sql
immutable
set search_path = ''
as $$ select right(regexp_replace(coalesce(phone, ''), '\D', '', 'g'), 9) $$;
comment on function private.phone_key is 'Last nine digits of a phone number: one key for +966 5…, 00966 5… and 05….';
revoke all on function private.phone_key from public;

-- A visitor's booking request: as before (validation, a new or known-by-phone client, a
-- pending booking), now rate-limited and holding its dates only for the hold window.
create or replace function public.request_booking(
  slug text,
  unit_id uuid,
  check_in date,
  check_out date,
  guests_count integer,
  guest_name text,
  guest_phone text,
  guest_email text default null,
  national_id text default null,
  passport_number text default null,
  nationality text default null,
  preferred_language public.language_code default 'ar',
  special_requests text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  rules record;
  site record;
  unit record;
  guest_key text;
  client_id uuid;
  booking public.bookings;
begin
  select * into rules from private.booking_request_rules();
  select s.organization_id into site from public.public_sites s where s.slug = lower(request_booking.slug) and s.enabled;
  if site.organization_id is null then
    perform private.fail('This booking site is not available', 'site_unavailable', 'P0002');
  end if;
  select u.id, u.organization_id into unit from public.units u
    where u.id = request_booking.unit_id and u.organization_id = site.organization_id and u.is_active;
  if unit.id is null then
    perform private.fail('This unit is not available for booking', 'unit_inactive', 'P0002');
  end if;
  if check_in is null or check_out is null or guests_count is null
     or nullif(btrim(coalesce(guest_name, '')), '') is null or nullif(btrim(coalesce(guest_phone, '')), '') is null then
    perform private.fail('This field is required', 'field_required', '23502');
  end if;
  if check_in < private.org_today(site.organization_id) then
    perform private.fail('Check-in cannot be in the past', 'booking_dates_invalid', '22023');
  end if;
  if check_out <= check_in or check_out - check_in > 365 then
    perform private.fail('Check-out must be after check-in', 'booking_dates_invalid', '22023');
  end if;
  if length(guest_name) > 200 or length(coalesce(special_requests, '')) > 2000 then
    perform private.fail('Please check your input and try again.', 'input_too_long', '22001');
  end if;

  -- Rate limits. The unit's booking lock (the one bookings_before_write takes) and a lock per
  -- guest make concurrent requests count one after the other. Refusals use PT429, which
  -- PostgREST answers with HTTP 429 Too Many Requests.
  guest_key := private.phone_key(guest_phone);
  perform pg_advisory_xact_lock(hashtextextended('booking-unit:' || unit.id::text, 0));
  perform pg_advisory_xact_lock(hashtextextended('booking-request-guest:' || site.organization_id::text || ':' || guest_key, 0));
  if (select count(*) from public.bookings b
      where b.unit_id = unit.id and b.request_expires_at is not null
        and b.created_at > now() - rules.unit_window) >= rules.max_per_unit_window then
    perform private.fail('This unit has received many booking requests. Please try again later.',
                         'booking_request_limit_unit', 'PT429');
  end if;
  if (select count(*) from public.bookings b join public.clients c on c.id = b.client_id
      where b.organization_id = site.organization_id and b.status = 'pending' and b.request_expires_at > now()
        and private.phone_key(c.phone) = guest_key) >= rules.max_pending_per_guest then
    perform private.fail('You already have booking requests waiting for an answer. Please wait for the host to reply.',
                         'booking_request_limit_guest', 'PT429');
  end if;

  perform private.begin_trusted_call();
  select c.id into client_id from public.clients c
    where c.organization_id = site.organization_id and c.phone = btrim(guest_phone)
    order by c.created_at limit 1;
  if client_id is null then
    insert into public.clients (organization_id, name, phone, email, national_id, passport_number, nationality, preferred_language)
    values (site.organization_id, btrim(guest_name), btrim(guest_phone), guest_email, national_id, passport_number, nationality,
            case when preferred_language = 'en' then 'en' else 'ar' end::public.language_code)
    returning id into client_id;
  end if;
  -- The insert's trigger releases the unit's lapsed requests before the overlap check.
  insert into public.bookings (organization_id, unit_id, client_id, check_in, check_out, guests_count, status, source,
                               special_requests, request_expires_at)
  values (site.organization_id, unit.id, client_id, check_in, check_out, guests_count, 'pending', 'direct',
          nullif(btrim(coalesce(special_requests, '')), ''), now() + rules.hold)
  returning * into booking;
  perform private.end_trusted_call();

  return jsonb_build_object('booking_reference', booking.booking_reference, 'status', booking.status,
                            'check_in', booking.check_in, 'check_out', booking.check_out, 'nights', booking.nights,
                            'total_amount', booking.total_amount, 'expires_at', booking.request_expires_at);
end;
$$;
comment on function public.request_booking is
  'Public booking request (pending, holding its dates for the hold window) after validating site, unit, dates, guests and identity, within the rate limits.';

-- Hosted: sweep every five minutes (the lazy sweeps above cover each unit as it is used; this
-- keeps lists and the dashboard honest for units nobody touches). Only where pg_cron is
-- installed (Supabase: Database → Extensions → pg_cron); locally and on plain PostgreSQL this
-- does nothing. cron.schedule with a job name replaces an existing job of that name.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('nuzl-expire-booking-requests', '*/5 * * * *',
                                       'select private.expire_pending_requests()')$cron$;
  end if;
end;
$$;
