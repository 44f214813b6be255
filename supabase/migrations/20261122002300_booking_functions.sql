-- Availability and the public booking page. Visitors never touch tables directly for
-- writes: request_booking() validates the site, unit, dates, guests and identity, and the
-- bookings table itself rejects overlaps.

-- May the caller see this unit's calendar? Staff of its organisation, or anyone when the unit
-- is active on an enabled public site.
create function private.can_see_unit_calendar(unit uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.units u
    where u.id = unit
      and ((u.organization_id = private.current_org_id()
            and (private.has_permission('bookings.read') or private.has_permission('units.read')))
           or (u.is_active and u.organization_id = any (private.public_org_ids())))
  )
$$;

create function public.check_unit_availability(
  unit_id uuid,
  check_in date,
  check_out date,
  exclude_booking_id uuid default null
)
returns boolean
language plpgsql
stable
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
  return not exists (
    select 1 from public.bookings b
    where b.unit_id = check_unit_availability.unit_id
      and b.status <> 'cancelled'
      and (exclude_booking_id is null or b.id <> exclude_booking_id)
      and daterange(b.check_in, b.check_out, '[)') && daterange(check_in, check_out, '[)')
  );
end;
$$;
comment on function public.check_unit_availability is 'True when no non-cancelled booking of the unit overlaps [check_in, check_out).';
revoke all on function public.check_unit_availability from public;
grant execute on function public.check_unit_availability to anon, authenticated, service_role;

-- Booked ranges of a unit (for calendars, including the public one): dates only, no guests.
create function public.unit_booked_ranges(unit_id uuid, from_date date, to_date date)
returns table (check_in date, check_out date)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_variable
begin
  if not private.can_see_unit_calendar(unit_id) then
    perform private.fail('Availability check failed', 'availability_forbidden', '42501');
  end if;
  return query
    select b.check_in, b.check_out from public.bookings b
    where b.unit_id = unit_booked_ranges.unit_id and b.status <> 'cancelled'
      and b.check_out > from_date and b.check_in < to_date
    order by b.check_in;
end;
$$;
revoke all on function public.unit_booked_ranges from public;
grant execute on function public.unit_booked_ranges to anon, authenticated, service_role;

-- Everything the public page /org/{slug} shows, in one call (null when the site is off).
create function public.get_public_site(slug text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
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
      from public.units u where u.organization_id = o.id and u.is_active), '[]'::jsonb),
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
$$;
revoke all on function public.get_public_site from public;
grant execute on function public.get_public_site to anon, authenticated, service_role;

-- A visitor's booking request: a pending booking for a (new or known-by-phone) client.
create function public.request_booking(
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
  site record;
  unit record;
  client_id uuid;
  booking public.bookings;
begin
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
  insert into public.bookings (organization_id, unit_id, client_id, check_in, check_out, guests_count, status, source, special_requests)
  values (site.organization_id, unit.id, client_id, check_in, check_out, guests_count, 'pending', 'direct',
          nullif(btrim(coalesce(special_requests, '')), ''))
  returning * into booking;
  perform private.end_trusted_call();

  return jsonb_build_object('booking_reference', booking.booking_reference, 'status', booking.status,
                            'check_in', booking.check_in, 'check_out', booking.check_out, 'nights', booking.nights,
                            'total_amount', booking.total_amount);
end;
$$;
comment on function public.request_booking is 'Public booking request (pending) after validating site, unit, dates, guests and identity.';
revoke all on function public.request_booking from public;
grant execute on function public.request_booking to anon, authenticated;

-- A guest review from the public page; unpublished until the organisation publishes it.
create function public.submit_review(
  slug text,
  guest_name text,
  rating integer,
  message text default null,
  booking_reference text default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid;
  booking_unit uuid;
  booking_row uuid;
  review_id uuid;
begin
  select s.organization_id into org from public.public_sites s where s.slug = lower(submit_review.slug) and s.enabled;
  if org is null then
    perform private.fail('This booking site is not available', 'site_unavailable', 'P0002');
  end if;
  if rating is null or rating < 1 or rating > 5 or nullif(btrim(coalesce(guest_name, '')), '') is null then
    perform private.fail('Please check your input and try again.', 'review_invalid', '23514');
  end if;
  if booking_reference is not null then
    select b.id, b.unit_id into booking_row, booking_unit from public.bookings b
      where b.booking_reference = upper(btrim(submit_review.booking_reference)) and b.organization_id = org;
  end if;
  insert into public.reviews (organization_id, unit_id, booking_id, guest_name, rating, message, is_published)
  values (org, booking_unit, booking_row, btrim(guest_name), rating, nullif(btrim(coalesce(message, '')), ''), false)
  returning id into review_id;
  return review_id;
end;
$$;
revoke all on function public.submit_review from public;
grant execute on function public.submit_review to anon, authenticated;
