-- Honour public_sites.hide_unlicensed_units (issue 17): when an organisation turns it on, visitors
-- of its public page no longer see, quote or request units without a valid tourism licence
-- (private.unit_licence_valid on the organisation's today). Staff keep seeing every unit.
--
--   * private.unit_hidden_from_public: the one rule, on the unit's columns (usable in a policy).
--   * units_select_public (anon): leaves hidden units out (private.public_hidden_unit_ids), so public_site_page (security invoker)
--     and the unit page's REST read (get-public-unit) do not list or show them.
--   * can_see_unit_calendar: its public branch too (check_unit_availability, unit_booked_ranges
--     answer unit_not_found, 404, for a hidden unit, as for any unit not on the page).
--   * request_booking, public_booking_quote: refuse a hidden unit with 404 unit_unlicensed
--     (private.refuse_unlicensed_public_unit), after the existing unit_inactive check. Otherwise
--     as their latest versions (copied from supabase/schema.sql).
--   * get_public_site: leaves hidden units out of its list.
--   * Visitors read the licence number (the public unit page shows it): column grant to anon.

-- True when the unit's organisation hides unlicensed units from its public page and this unit has
-- no valid licence on the organisation's today. Security definer: visitors cannot read public_sites
-- of every organisation nor the licence dates; the answer is one boolean.
create function private.unit_hidden_from_public(org uuid, licence_number text, licence_expires_on date)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.public_sites s where s.organization_id = org and s.hide_unlicensed_units)
     and not (licence_number is not null
              and coalesce(licence_expires_on >= private.org_today(org), false));
$$;

comment on function private.unit_hidden_from_public(uuid, text, date) is
  'True when the organisation hides unlicensed units from its public page and these licence columns are not valid today (same rule as private.unit_licence_valid).';

revoke execute on function private.unit_hidden_from_public(uuid, text, date) from public;
grant execute on function private.unit_hidden_from_public(uuid, text, date) to anon, authenticated, service_role;

-- Refuses (404 unit_unlicensed) a public quote or request for a unit hidden by the licence rule.
create function private.refuse_unlicensed_public_unit(unit uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.units u
             where u.id = unit
               and private.unit_hidden_from_public(u.organization_id, u.tourism_licence_number,
                                                   u.tourism_licence_expires_on)) then
    perform private.fail('This unit cannot be booked online: it has no valid tourism licence',
                         'unit_unlicensed', 'PT404');
  end if;
end;
$$;

comment on function private.refuse_unlicensed_public_unit(uuid) is
  'Raises 404 unit_unlicensed when the unit''s public site hides unlicensed units and the unit has no valid licence today.';

revoke execute on function private.refuse_unlicensed_public_unit(uuid) from public;
grant execute on function private.refuse_unlicensed_public_unit(uuid) to anon, authenticated, service_role;

-- The units the licence rule hides right now, as one array: policies call it once per statement
-- (an init plan) rather than once per row. Only organisations with the option on are scanned.
create function private.public_hidden_unit_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(u.id), '{}'::uuid[])
    from public.public_sites s
    join public.units u on u.organization_id = s.organization_id
   where s.hide_unlicensed_units
     and private.unit_hidden_from_public(u.organization_id, u.tourism_licence_number, u.tourism_licence_expires_on);
$$;

comment on function private.public_hidden_unit_ids() is
  'Ids of the units hidden from public pages by hide_unlicensed_units (no valid tourism licence today).';

revoke execute on function private.public_hidden_unit_ids() from public;
grant execute on function private.public_hidden_unit_ids() to anon, authenticated, service_role;

-- Visitors read active units of enabled sites, except those the licence rule hides.
drop policy units_select_public on public.units;
create policy units_select_public on public.units for select to anon
  using (is_active
         and organization_id = any ((select private.public_org_ids())::uuid[])
         and id <> all ((select private.public_hidden_unit_ids())::uuid[]));

-- The public unit page shows the licence number ("Tourism licence no."): public information.
grant select (tourism_licence_number) on public.units to anon;

-- Whether the caller may see a unit's calendar: its own organisation's staff, or a visitor of a
-- unit on a public page (now: not hidden by the licence rule).
CREATE OR REPLACE FUNCTION private.can_see_unit_calendar(unit uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.units u
    where u.id = unit
      and ((u.organization_id = private.current_org_id()
            and (private.has_permission('bookings.read') or private.has_permission('units.read')))
           or (u.is_active and u.organization_id = any (private.public_org_ids())
               and not private.unit_hidden_from_public(u.organization_id, u.tourism_licence_number,
                                                       u.tourism_licence_expires_on)))
  )
$function$;

-- The public booking request (latest version, plus the licence refusal).
CREATE OR REPLACE FUNCTION public.request_booking(slug text, unit_id uuid, check_in date, check_out date, guests_count integer, guest_name text, guest_phone text, guest_email text DEFAULT NULL::text, national_id text DEFAULT NULL::text, passport_number text DEFAULT NULL::text, nationality text DEFAULT NULL::text, preferred_language public.language_code DEFAULT 'ar'::public.language_code, special_requests text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  -- Issue 17: a site that hides unlicensed units takes no request (nor quote) for one.
  perform private.refuse_unlicensed_public_unit(unit.id);
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
$function$;

-- The public price quote (latest version, plus the licence refusal).
CREATE OR REPLACE FUNCTION public.public_booking_quote(slug text, unit_id uuid, check_in date, check_out date, guests integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  -- Issue 17: a site that hides unlicensed units takes no request (nor quote) for one.
  perform private.refuse_unlicensed_public_unit(unit.id);
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
$function$;

-- The public site read by slug (latest version, hidden units left out).
CREATE OR REPLACE FUNCTION public.get_public_site(slug text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'site', to_jsonb(s) - 'created_at' - 'updated_at',
    'organization', jsonb_build_object('id', o.id, 'name', o.name, 'name_ar', o.name_ar,
                                       'default_currency', o.default_currency, 'country', o.country),
    'units', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', u.id, 'name', u.name, 'name_ar', u.name_ar, 'type', u.type, 'description', u.description,
        'description_ar', u.description_ar, 'price_per_night', u.price_per_night, 'max_guests', u.max_guests,
        'bedrooms', u.bedrooms, 'bathrooms', u.bathrooms, 'area_sqm', u.area_sqm, 'city', u.address_city,
        'region', u.address_region, 'amenities', u.amenities, 'check_in_time', u.check_in_time,
        'check_out_time', u.check_out_time, 'cleaning_fee', u.cleaning_fee, 'security_deposit', u.security_deposit,
        'latitude', u.latitude, 'longitude', u.longitude,
        'photos', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'storage_path', p.storage_path,
                                                               'caption', p.caption, 'is_main', p.is_main)
                                             order by p.is_main desc, p.position)
                            from public.unit_photos p where p.unit_id = u.id), '[]'::jsonb))
        order by u.name)
      from public.units u where u.organization_id = o.id and u.is_active
        and not private.unit_hidden_from_public(u.organization_id, u.tourism_licence_number, u.tourism_licence_expires_on)), '[]'::jsonb),
    'reviews', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'guest_name', r.guest_name, 'rating', r.rating,
                                          'message', r.message, 'unit_id', r.unit_id, 'published_at', r.published_at)
                       order by r.published_at desc)
      from (select * from public.reviews r where r.organization_id = o.id and r.is_published
            order by r.published_at desc limit 50) r), '[]'::jsonb),
    'rating', (select jsonb_build_object('average', round(avg(r.rating), 1), 'count', count(*))
               from public.reviews r where r.organization_id = o.id and r.is_published)
  )
  from public.public_sites s
  join public.organizations o on o.id = s.organization_id
  where s.slug = lower(get_public_site.slug) and s.enabled
$function$;
