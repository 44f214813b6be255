-- The guest's live quote on the public booking page (issue 13): before a visitor sends a
-- request, the page shows what the stay costs and whether the dates are free, computed by the
-- database with the same rules request_booking() applies and the same arithmetic the booking's
-- total will have (bookings_before_write: nights × price per night + cleaning fee, rounded by
-- private.round_money). Nothing is written and no guest data is read.
--
-- SECURITY DEFINER, like request_booking(): a visitor (anon) may read the site and the unit, but
-- not the organisation's time zone (private.org_today, which decides "past" and the horizon),
-- its currency, nor the bookings that decide availability. The function returns only the unit's
-- public prices and a yes/no for the dates.

create function public.public_booking_quote(slug text, unit_id uuid, check_in date, check_out date, guests integer)
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

comment on function public.public_booking_quote(text, uuid, date, date, integer) is
  'The public booking page''s live quote for a stay: nights, price per night, subtotal, cleaning fee, total (as the booking will be charged), currency and whether the dates are free; the same bounds as request_booking (unknown site or unit 404, bad dates, stay length, horizon, guests 400).';

revoke execute on function public.public_booking_quote(text, uuid, date, date, integer) from public;
grant execute on function public.public_booking_quote(text, uuid, date, date, integer) to anon, authenticated, service_role;
