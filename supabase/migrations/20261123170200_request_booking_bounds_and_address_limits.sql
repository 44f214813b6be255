-- Public booking requests: a bounded stay, a bounded horizon, and limits per client address.
--
-- A visitor could request a unit for 365 nights, holding it from everyone (its owner included)
-- for 24 hours, and renew the hold for ever with a new phone number each time (the per-phone
-- limit counts phones, which cost nothing). Now request_booking():
--   * refuses a stay longer than the site's max_request_nights (400 · booking_request_too_long)
--     and a check-in later than request_horizon_days from today (400 · booking_request_too_far)
--     (20261123170000_public_request_settings.sql);
--   * counts requests by the client's address too (private.request_client_address(): the
--     address Cloudflare / the local gateway saw, which the client cannot choose):
--       - at most max_pending_per_address requests waiting for an answer per address and
--         organisation, whatever phones they carry (429 · booking_request_limit_address);
--       - no renewing: an address whose request for a unit lapsed unanswered or was declined
--         may not ask for overlapping dates of that unit again for renewal_cooldown
--         (429 · booking_request_renewal). A real guest whose request lapsed is told to contact
--         the host; a script re-holding the same dates every 24 hours holds them one day in eight.
--     Requests without an address (service role, direct SQL) are not limited by address.
-- The rest is as in 20261123150000_not_found_is_404.sql. Checks run in the order: site, unit,
-- input, stay bounds, then the existing unit and guest limits, then the address limits.

-- The per-address constants, in one place (private.booking_request_rules() keeps the others).
--   max_pending_per_address = 3: the per-phone limit, for a household or one visitor rotating
--     phones. Per organisation, so guests behind one carrier-grade NAT address booking with
--     different hosts do not share a count; refused requests do not count.
--   renewal_cooldown = 7 days: long enough that re-holding the same dates is no longer a way to
--     keep a unit from its owner; a guest who really wants those dates can still call the host.
--   origin_retention = 8 days: the cooldown plus the longest a request is pending (24 hours).
create function private.booking_request_address_rules(
  out max_pending_per_address integer,
  out renewal_cooldown interval,
  out origin_retention interval
)
language sql
immutable
set search_path = ''
as $$
  select 3, interval '7 days', interval '8 days'
$$;
comment on function private.booking_request_address_rules is
  'Public booking requests per client address: live requests per address and organisation, the renewal cool-down, and how long request origins are kept.';
revoke all on function private.booking_request_address_rules from public;

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
  address_rules record;
  site record;
  unit record;
  guest_key text;
  address text;
  client_id uuid;
  booking public.bookings;
begin
  select * into rules from private.booking_request_rules();
  select * into address_rules from private.booking_request_address_rules();
  select s.organization_id, s.max_request_nights, s.request_horizon_days into site
    from public.public_sites s where s.slug = lower(request_booking.slug) and s.enabled;
  if site.organization_id is null then
    perform private.fail('This booking site is not available', 'site_unavailable', 'PT404');
  end if;
  select u.id, u.organization_id into unit from public.units u
    where u.id = request_booking.unit_id and u.organization_id = site.organization_id and u.is_active;
  if unit.id is null then
    perform private.fail('This unit is not available for booking', 'unit_inactive', 'PT404');
  end if;
  if check_in is null or check_out is null or guests_count is null
     or nullif(btrim(coalesce(guest_name, '')), '') is null or nullif(btrim(coalesce(guest_phone, '')), '') is null then
    perform private.fail('This field is required', 'field_required', '23502');
  end if;
  if check_in < private.org_today(site.organization_id) then
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
  if check_in > private.org_today(site.organization_id) + site.request_horizon_days then
    perform private.fail(format('Requests on this page are for check-in dates up to %s days ahead. Please choose closer dates or contact the host.',
                                site.request_horizon_days),
                         'booking_request_too_far', '22023');
  end if;
  if length(guest_name) > 200 or length(coalesce(special_requests, '')) > 2000 then
    perform private.fail('Please check your input and try again.', 'input_too_long', '22001');
  end if;

  -- Rate limits, counted under advisory locks so concurrent requests count one after another:
  -- the unit's booking lock (the one bookings_before_write takes), one per organisation and
  -- guest, one per organisation and address. Refusals are PT429 (HTTP 429 Too Many Requests).
  guest_key := private.phone_key(guest_phone);
  address := private.client_address_key(private.request_client_address());
  perform pg_advisory_xact_lock(hashtextextended('booking-unit:' || unit.id::text, 0));
  perform pg_advisory_xact_lock(hashtextextended('booking-request-guest:' || site.organization_id::text || ':' || guest_key, 0));
  if address is not null then
    perform pg_advisory_xact_lock(hashtextextended('booking-request-address:' || site.organization_id::text || ':' || address, 0));
  end if;
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
  if address is not null then
    if (select count(*) from private.booking_request_origins o join public.bookings b on b.id = o.booking_id
        where o.organization_id = site.organization_id and o.client_address = address
          and b.status = 'pending' and b.request_expires_at > now()) >= address_rules.max_pending_per_address then
      perform private.fail('Several booking requests from your network are already waiting for an answer. Please wait for the host to reply.',
                           'booking_request_limit_address', 'PT429');
    end if;
    -- A request of this address for this unit that ended unanswered (lapsed) or declined within
    -- the cool-down, overlapping these dates. (A confirmed request has no origin any more:
    -- bookings_forget_request_origin.)
    if exists (select 1 from private.booking_request_origins o join public.bookings b on b.id = o.booking_id
               where o.organization_id = site.organization_id and o.client_address = address
                 and b.unit_id = unit.id and b.status = 'cancelled'
                 and b.cancelled_at > now() - address_rules.renewal_cooldown
                 and daterange(b.check_in, b.check_out, '[)') && daterange(check_in, check_out, '[)')) then
      perform private.fail('You asked for these dates recently and the host did not accept the request. Please contact the host.',
                           'booking_request_renewal', 'PT429');
    end if;
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

  if address is not null then
    delete from private.booking_request_origins o
      where o.organization_id = site.organization_id and o.created_at < now() - address_rules.origin_retention;
    insert into private.booking_request_origins (booking_id, organization_id, client_address)
    values (booking.id, site.organization_id, address);
  end if;

  return jsonb_build_object('booking_reference', booking.booking_reference, 'status', booking.status,
                            'check_in', booking.check_in, 'check_out', booking.check_out, 'nights', booking.nights,
                            'total_amount', booking.total_amount, 'expires_at', booking.request_expires_at);
end;
$$;
comment on function public.request_booking is
  'Public booking request (pending, holding its dates for the hold window) after validating site, unit, dates (within the site''s stay length and horizon), guests and identity, within the limits per unit, guest phone and client address; an unknown site or unit is 404.';
