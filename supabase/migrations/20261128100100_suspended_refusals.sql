-- What a suspended organisation (20261128100000) refuses to the outside world, with one stable
-- answer: 403 organization_suspended ("This organization is suspended").
--   * public_booking_quote(): after the site is found (an unknown site stays 404);
--   * request_booking(), the API's booking creation and any other new booking: a BEFORE INSERT
--     trigger on bookings, so no path that creates a booking for the organisation needs its own
--     check. Direct database sessions and the service role (seed, support, migrations) pass; the
--     API's own calls run as the service role but are refused earlier, by their key;
--   * API keys: api_authenticate() (the first call of every API request) and api_key_org() (the
--     first line of every api_* function) refuse a live key of a suspended organisation.
-- The staff of a suspended organisation are cut off by current_org_id(): their writes are refused
-- earlier still, by tenancy_first (20261123160000) and row-level security, as an outsider's are.

-- Raises 403 organization_suspended when `org` is suspended; does nothing otherwise.
create function private.refuse_if_suspended(org uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.organizations o where o.id = org and o.suspended_at is not null) then
    perform private.fail('This organization is suspended', 'organization_suspended', 'PT403');
  end if;
end;
$$;
comment on function private.refuse_if_suspended(uuid) is
  'Raises PT403 organization_suspended when the organisation is suspended (public requests, quotes, API keys, new bookings).';
revoke all on function private.refuse_if_suspended(uuid) from public;

-- No new booking for a suspended organisation, except from the service role or the database itself.
create function private.bookings_refuse_suspended()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(private.request_role(), 'service_role') <> 'service_role' then
    perform private.refuse_if_suspended(new.organization_id);
  end if;
  return new;
end;
$$;
comment on function private.bookings_refuse_suspended() is
  'BEFORE INSERT trigger on bookings: 403 organization_suspended for a suspended organisation (public requests, staff), the service role excepted.';
revoke all on function private.bookings_refuse_suspended() from public;
create trigger bookings_refuse_suspended before insert on public.bookings
  for each row execute function private.bookings_refuse_suspended();

-- The quote of 20261125000100, refusing a suspended organisation once its site is found.
create or replace function public.public_booking_quote(slug text, unit_id uuid, check_in date, check_out date, guests integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  site record;
  unit record;
  today date;
  nights integer;
  subtotal numeric;
begin
  -- The same order of checks as request_booking(): the site, the unit, then the stay.
  select s.organization_id, s.max_request_nights, s.request_horizon_days, o.default_currency into site
    from public.public_sites s join public.organizations o on o.id = s.organization_id
   where s.slug = lower(public_booking_quote.slug) and s.enabled;
  if site.organization_id is null then
    perform private.fail('This booking site is not available', 'site_unavailable', 'PT404');
  end if;
  perform private.refuse_if_suspended(site.organization_id);
  select u.id, u.price_per_night, u.cleaning_fee, u.max_guests into unit from public.units u
    where u.id = public_booking_quote.unit_id and u.organization_id = site.organization_id and u.is_active;
  if unit.id is null then
    perform private.fail('This unit is not available for booking', 'unit_inactive', 'PT404');
  end if;
  if check_in is null or check_out is null or guests is null then
    perform private.fail('This field is required', 'field_required', '22023');
  end if;
  today := private.org_today(site.organization_id);
  if check_in < today then
    perform private.fail('Check-in cannot be in the past', 'booking_dates_invalid', '22023');
  end if;
  if check_out <= check_in then
    perform private.fail('Check-out must be after check-in', 'booking_dates_invalid', '22023');
  end if;
  if check_out - check_in > site.max_request_nights then
    perform private.fail(format('Requests on this page are for stays of up to %s nights. For a longer stay, please contact the host.',
                                site.max_request_nights),
                         'booking_request_too_long', '22023');
  end if;
  if check_in > today + site.request_horizon_days then
    perform private.fail(format('Requests on this page are for check-in dates up to %s days ahead. Please choose closer dates or contact the host.',
                                site.request_horizon_days),
                         'booking_request_too_far', '22023');
  end if;
  if guests < 1 or guests > unit.max_guests then
    perform private.fail(format('Guests count must be between 1 and %s for this unit', unit.max_guests),
                         'guests_count_invalid', '22023');
  end if;

  -- Lapsed holds free their dates first, as for unit_booked_ranges() and request_booking().
  perform private.expire_pending_requests(unit.id);
  nights := check_out - check_in;
  subtotal := private.round_money(nights * unit.price_per_night);
  return jsonb_build_object(
    'nights', nights,
    'price_per_night', unit.price_per_night,
    'subtotal', subtotal,
    'cleaning_fee', unit.cleaning_fee,
    'total', private.round_money(nights * unit.price_per_night + unit.cleaning_fee),
    'currency', site.default_currency,
    'available', not exists (
      select 1 from public.bookings b
      where b.unit_id = unit.id and b.status <> 'cancelled'
        and daterange(b.check_in, b.check_out, '[)') && daterange(check_in, check_out, '[)')));
end;
$$;


-- api_key_org of 20261127200100, refusing the keys of a suspended organisation.
create or replace function private.api_key_org(key_hash text)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org uuid;
begin
  select k.organization_id into org from public.api_keys k
  where k.key_hash = api_key_org.key_hash and k.revoked_at is null;
  if org is null then
    perform private.fail('Invalid or revoked API key', 'api_key_invalid', 'PT401');
  end if;
  perform private.refuse_if_suspended(org);
  return org;
end;
$$;

-- api_authenticate of 20261127200100, refusing the keys of a suspended organisation before counting.
create or replace function public.api_authenticate(key_hash text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  max_requests constant integer := 60;
  live record;
  win record;
  reset_at timestamptz;
begin
  select k.id, k.last_used_at, k.organization_id into live from public.api_keys k
  where k.key_hash = api_authenticate.key_hash and k.revoked_at is null;
  if not found then
    perform private.fail('Invalid or revoked API key', 'api_key_invalid', 'PT401');
  end if;
  perform private.refuse_if_suspended(live.organization_id);
  if live.last_used_at is null or live.last_used_at < now() - interval '1 minute' then
    update public.api_keys k set last_used_at = now() where k.id = live.id;
  end if;
  insert into private.api_key_windows as w (key_id, window_start, requests)
  values (live.id, date_trunc('minute', now()), 1)
  on conflict (key_id) do update
    set requests = case when w.window_start = excluded.window_start then w.requests + 1 else 1 end,
        window_start = excluded.window_start
  returning w.window_start, w.requests into win;
  reset_at := win.window_start + interval '1 minute';
  return jsonb_build_object(
    'key_id', live.id,
    'allowed', win.requests <= max_requests,
    'limit', max_requests,
    'remaining', greatest(max_requests - win.requests, 0),
    'reset_seconds', greatest(ceil(extract(epoch from reset_at - clock_timestamp())), 1)::integer);
end;
$$;
