-- Public REST API (docs/api.md): bookings, for the service role only (the api edge function). As
-- for units (20261127200200), each function derives the organisation from the API key's hash
-- (private.api_key_org) and reads or writes that organisation only: another organisation's
-- booking, unit or guest is "not found".
--
-- A booking is created by an ordinary insert into public.bookings, so every rule of the app holds:
-- the triggers refuse a stay on taken dates (23P01 booking_overlap, "This unit is already booked
-- for the selected dates"; the exclusion constraint bookings_no_overlap stays the last word under
-- concurrency), an inactive unit, check-out not after check-in, more guests than the unit takes;
-- they price the stay from the unit and number it. The audit log names the key that wrote it.

create function private.api_booking_json(b public.bookings, currency public.currency_code)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', b.id,
    'reference', b.booking_reference,
    'unit_id', b.unit_id,
    'client_id', b.client_id,
    'check_in', b.check_in,
    'check_out', b.check_out,
    'nights', b.nights,
    'status', b.status,
    'source', b.source,
    'guests_count', b.guests_count,
    'price_per_night', b.price_per_night,
    'cleaning_fee', b.cleaning_fee,
    'total_amount', b.total_amount,
    'currency', currency,
    'special_requests', b.special_requests,
    'hold_expires_at', b.request_expires_at,
    'cancelled_at', b.cancelled_at,
    'cancellation_reason', b.cancellation_reason,
    'created_at', b.created_at,
    'updated_at', b.updated_at)
$$;
comment on function private.api_booking_json(public.bookings, public.currency_code) is
  'A booking as the public API shows it.';
revoke all on function private.api_booking_json(public.bookings, public.currency_code) from public, anon, authenticated;

-- GET /v1/bookings: by check-in, then id. Filters: statuses, unit, guest, and stays touching
-- [from_date, to_date) (either bound may be left out).
create function public.api_bookings(key_hash text, page_size integer default 25, after jsonb default null,
                                    statuses public.booking_status[] default null, unit_id uuid default null,
                                    client_id uuid default null, from_date date default null,
                                    to_date date default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  org uuid := private.api_key_org(key_hash);
  size integer := private.api_page_size(page_size);
  currency public.currency_code;
  after_day date;
  after_id uuid;
  page public.bookings[];
  more boolean;
begin
  if after is not null then
    begin
      after_day := (after ->> 'k')::date;
      after_id := (after ->> 'id')::uuid;
    exception when others then
      perform private.api_invalid_cursor();
    end;
    if after_day is null or after_id is null then
      perform private.api_invalid_cursor();
    end if;
  end if;
  if from_date is not null and to_date is not null and to_date <= from_date then
    perform private.fail('to must be after from', 'booking_dates_invalid', 'PT400');
  end if;
  select o.default_currency into currency from public.organizations o where o.id = org;
  page := array(
    select b from public.bookings b
    where b.organization_id = org
      and (statuses is null or b.status = any (statuses))
      and (api_bookings.unit_id is null or b.unit_id = api_bookings.unit_id)
      and (api_bookings.client_id is null or b.client_id = api_bookings.client_id)
      and (from_date is null or b.check_out > from_date)
      and (to_date is null or b.check_in < to_date)
      and (after_day is null or (b.check_in, b.id) > (after_day, after_id))
    order by b.check_in, b.id
    limit size + 1);
  more := cardinality(page) > size;
  if more then
    page := page[1:size];
  end if;
  return jsonb_build_object(
    'data', coalesce((select jsonb_agg(private.api_booking_json(page[i], currency) order by i)
                        from generate_subscripts(page, 1) i), '[]'::jsonb),
    'next', case when more then jsonb_build_object('k', (page[size]).check_in, 'id', (page[size]).id) end);
end;
$$;
comment on function public.api_bookings(text, integer, jsonb, public.booking_status[], uuid, uuid, date, date) is
  'Service role (api edge function): a page of the API key''s organisation''s bookings (keyset on check_in, id).';
revoke all on function public.api_bookings(text, integer, jsonb, public.booking_status[], uuid, uuid, date, date)
  from public, anon, authenticated;
grant execute on function public.api_bookings(text, integer, jsonb, public.booking_status[], uuid, uuid, date, date)
  to service_role;

-- GET /v1/bookings/{id}
create function public.api_booking(key_hash text, booking_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  org uuid := private.api_key_org(key_hash);
  found_booking jsonb;
begin
  select private.api_booking_json(b, o.default_currency) into found_booking
  from public.bookings b join public.organizations o on o.id = b.organization_id
  where b.id = api_booking.booking_id and b.organization_id = org;
  if found_booking is null then
    perform private.fail('This booking was not found', 'booking_not_found', 'PT404');
  end if;
  return found_booking;
end;
$$;
comment on function public.api_booking(text, uuid) is
  'Service role (api edge function): one booking of the API key''s organisation; PT404 booking_not_found otherwise.';
revoke all on function public.api_booking(text, uuid) from public, anon, authenticated;
grant execute on function public.api_booking(text, uuid) to service_role;

-- POST /v1/bookings: {unit_id, client_id, check_in, check_out, guests_count?, source?, status?,
-- special_requests?}. Tenancy first (the unit and the guest must be the key's organisation's,
-- else 404), then the fields (PT422 validation_failed), then the insert and its triggers.
create function public.api_create_booking(key_hash text, booking jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  org uuid := private.api_key_org(key_hash);
  key_prefix text;
  currency public.currency_code;
  stay_unit uuid;
  stay_client uuid;
  stay_in date;
  stay_out date;
  guests integer;
  stay_source public.booking_source;
  stay_status public.booking_status;
  requests text;
  stay public.bookings;
begin
  if jsonb_typeof(booking) is distinct from 'object' then
    perform private.fail('The body must be a JSON object', 'validation_failed', 'PT422');
  end if;
  begin
    stay_unit := (booking ->> 'unit_id')::uuid;
    stay_client := (booking ->> 'client_id')::uuid;
  exception when others then
    stay_unit := null;
    stay_client := null;
  end;
  if stay_unit is null or not exists (select 1 from public.units u where u.id = stay_unit and u.organization_id = org) then
    perform private.fail('This unit was not found', 'unit_not_found', 'PT404');
  end if;
  if stay_client is null
     or not exists (select 1 from public.clients c where c.id = stay_client and c.organization_id = org) then
    perform private.fail('This guest was not found', 'client_not_found', 'PT404');
  end if;
  begin
    stay_in := (booking ->> 'check_in')::date;
    stay_out := (booking ->> 'check_out')::date;
    guests := coalesce((booking ->> 'guests_count')::integer, 1);
    stay_source := coalesce((booking ->> 'source')::public.booking_source, 'direct');
    stay_status := coalesce((booking ->> 'status')::public.booking_status, 'confirmed');
  exception when others then
    perform private.fail('The booking is not valid: check the dates, guests_count, source and status',
                         'validation_failed', 'PT422');
  end;
  requests := nullif(btrim(booking ->> 'special_requests'), '');
  if stay_in is null or stay_out is null then
    perform private.fail('check_in and check_out are required (YYYY-MM-DD)', 'validation_failed', 'PT422');
  end if;
  if stay_status not in ('confirmed', 'pending') then
    perform private.fail('A new booking is confirmed or pending', 'validation_failed', 'PT422');
  end if;
  if length(requests) > 2000 then
    perform private.fail('special_requests may have at most 2000 characters', 'validation_failed', 'PT422');
  end if;

  select k.prefix into key_prefix from public.api_keys k where k.key_hash = api_create_booking.key_hash;
  perform set_config('nuzl.audit_reason', format('Public API, key %s…', key_prefix), true);
  insert into public.bookings as b (organization_id, unit_id, client_id, check_in, check_out, guests_count, source,
                                    status, special_requests)
  values (org, stay_unit, stay_client, stay_in, stay_out, guests, stay_source, stay_status, requests)
  returning b.* into stay;
  select o.default_currency into currency from public.organizations o where o.id = org;
  return private.api_booking_json(stay, currency);
end;
$$;
comment on function public.api_create_booking(text, jsonb) is
  'Service role (api edge function): creates a booking in the API key''s organisation through the bookings table and its rules (23P01 booking_overlap, 23514 rules, PT404 for another organisation''s unit or guest).';
revoke all on function public.api_create_booking(text, jsonb) from public, anon, authenticated;
grant execute on function public.api_create_booking(text, jsonb) to service_role;
