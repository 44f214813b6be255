-- Functions answer "not found" (404) for rows the caller may not see, the same whether the row
-- is another organisation's (or an inactive unit of a public site) or does not exist at all.
--
-- check_unit_availability / unit_booked_ranges (visitors and staff), booking_quote (staff) and
-- the write-only secrets functions refused an invisible unit, channel connection or integration
-- with 42501, which PostgREST answers 401 to a visitor (as if a session had expired) and 403 to
-- a signed-in user. They already answered alike for "elsewhere" and "nowhere"; now that answer
-- is 404 with a "not found" key, like every other tenancy refusal (20261123160000), and the
-- caller's own permissions still give 42501. The caller's organisation is checked before the
-- row is read: each lookup is by id *and* organisation (or public visibility).
-- Each body is its latest version (named above it) with only these refusals changed.

-- As in 20261122039000_public_request_expiry.sql.
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
  if not private.can_see_unit_calendar(unit_id) then
    perform private.fail('This unit was not found', 'unit_not_found', 'PT404');
  end if;
  if check_out <= check_in then
    perform private.fail('Check-out must be after check-in', 'booking_dates_invalid', '22023');
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
  'True when no non-cancelled booking of the unit overlaps [check_in, check_out); lapsed public requests are released first. A unit the caller may not see is 404.';

-- As in 20261122039000_public_request_expiry.sql.
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
    perform private.fail('This unit was not found', 'unit_not_found', 'PT404');
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
  'Booked date ranges of a unit (no guest data) touching [from_date, to_date); lapsed public requests are released first. A unit the caller may not see is 404.';

-- As in 20261122039000_public_request_expiry.sql.
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
  if private.current_org_id() is null
     or not (private.has_permission('bookings.read') or private.has_permission('bookings.write')) then
    perform private.fail('Availability check failed', 'availability_forbidden', '42501');
  end if;
  select u.price_per_night, u.cleaning_fee into unit from public.units u
    where u.id = booking_quote.unit_id and u.organization_id = private.current_org_id();
  if not found then
    perform private.fail('This unit was not found', 'unit_not_found', 'PT404');
  end if;
  if check_out <= check_in then
    perform private.fail('Check-out must be after check-in', 'booking_dates_invalid', '22023');
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
  'Availability and the total the database will compute for a stay, before saving; lapsed public requests are released first. A unit outside the caller''s organisation is 404.';

-- As in 20261122002700_secret_functions.sql.
create or replace function public.set_unit_lock_credentials(
  unit_id uuid,
  account_username text default null,
  account_password text default null,
  client_id text default null,
  client_secret text default null
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid;
begin
  select u.organization_id into org from public.units u
    where u.id = unit_id and u.organization_id = private.current_org_id();
  if org is null then
    perform private.fail('This unit was not found', 'unit_not_found', 'PT404');
  end if;
  if not (private.has_permission('locks.write') or private.has_permission('units.write')) then
    perform private.fail('Permission denied. Contact administrator.', 'locks_write_required', '42501');
  end if;
  insert into public.unit_lock_secrets as s (unit_id, organization_id, account_password, client_id, client_secret)
  values (unit_id, org, account_password, client_id, client_secret)
  on conflict on constraint unit_lock_secrets_pkey do update set
    account_password = coalesce(excluded.account_password, s.account_password),
    client_id = coalesce(excluded.client_id, s.client_id),
    client_secret = coalesce(excluded.client_secret, s.client_secret),
    updated_at = now();
  update public.units u set
    lock_account_username = coalesce(account_username, u.lock_account_username),
    lock_credentials_configured = true
  where u.id = unit_id;
end;
$$;
comment on function public.set_unit_lock_credentials is
  'Write-only TTLock credentials of a unit of the caller''s organisation (locks.write or units.write); another organisation''s unit is 404.';

-- As in 20261122002700_secret_functions.sql.
create or replace function public.set_ota_credentials(connection_id uuid, api_key text default null, api_secret text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid;
begin
  select c.organization_id into org from public.ota_connections c
    where c.id = connection_id and c.organization_id = private.current_org_id();
  if org is null then
    perform private.fail('This channel connection was not found', 'channel_not_found', 'PT404');
  end if;
  if not private.has_permission('channels.write') then
    perform private.fail('Permission denied. Contact administrator.', 'channels_write_required', '42501');
  end if;
  insert into public.ota_connection_secrets as s (connection_id, organization_id, api_key, api_secret)
  values (connection_id, org, api_key, api_secret)
  on conflict on constraint ota_connection_secrets_pkey do update set
    api_key = coalesce(excluded.api_key, s.api_key),
    api_secret = coalesce(excluded.api_secret, s.api_secret),
    updated_at = now();
  update public.ota_connections c set credentials_configured = true where c.id = connection_id;
end;
$$;
comment on function public.set_ota_credentials is
  'Write-only channel (OTA) credentials of a connection of the caller''s organisation (channels.write); another organisation''s connection is 404.';

-- As in 20261122002700_secret_functions.sql.
create or replace function public.set_integration_api_key(integration_id uuid, api_key text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid;
begin
  select i.organization_id into org from public.integrations i
    where i.id = integration_id and i.organization_id = private.current_org_id();
  if org is null then
    perform private.fail('This integration was not found', 'integration_not_found', 'PT404');
  end if;
  if not private.has_permission('integrations.write') then
    perform private.fail('Permission denied. Contact administrator.', 'integrations_write_required', '42501');
  end if;
  insert into public.integration_secrets as s (integration_id, organization_id, api_key)
  values (integration_id, org, api_key)
  on conflict on constraint integration_secrets_pkey do update set api_key = excluded.api_key, updated_at = now();
  update public.integrations i set credentials_configured = api_key is not null where i.id = integration_id;
end;
$$;
comment on function public.set_integration_api_key is
  'Write-only API key of an integration of the caller''s organisation (integrations.write); another organisation''s integration is 404.';
