-- Public REST API (docs/api.md): units and their availability, for the service role only (the api
-- edge function). Every function takes the SHA-256 of the caller's API key and starts with
-- private.api_key_org(), so it reads one organisation only: the key's. Another organisation's unit
-- is "not found" (PT404 unit_not_found), exactly as a unit that does not exist.
--
-- Lists page by keyset: `after` is the previous page's `next` ({"k": <sort value>, "id": <uuid>},
-- which the edge function hands out as an opaque cursor); a cursor that does not parse is PT400
-- invalid_cursor. Page sizes are 1–100.
--
-- The JSON shapes here are the API's documented representation (supabase/functions/api/openapi.ts):
-- lock settings and secrets are never part of it.

create function private.api_page_size(page_size integer)
returns integer
language sql
immutable
set search_path = ''
as $$ select least(greatest(coalesce(page_size, 25), 1), 100) $$;
comment on function private.api_page_size(integer) is 'Page size of the public API: 25 by default, 1 to 100.';
revoke all on function private.api_page_size(integer) from public, anon, authenticated;

create function private.api_invalid_cursor()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.fail('The cursor is not valid; start again without it', 'invalid_cursor', 'PT400');
end;
$$;
comment on function private.api_invalid_cursor() is 'PT400 invalid_cursor: a public API cursor that does not parse.';
revoke all on function private.api_invalid_cursor() from public, anon, authenticated;

create function private.api_unit_json(u public.units, currency public.currency_code)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', u.id,
    'name', u.name,
    'name_ar', u.name_ar,
    'type', u.type,
    'description', u.description,
    'description_ar', u.description_ar,
    'price_per_night', u.price_per_night,
    'cleaning_fee', u.cleaning_fee,
    'security_deposit', u.security_deposit,
    'currency', currency,
    'max_guests', u.max_guests,
    'bedrooms', u.bedrooms,
    'bathrooms', u.bathrooms,
    'area_sqm', u.area_sqm,
    'address', jsonb_build_object('street', u.address_street, 'city', u.address_city, 'region', u.address_region,
                                  'postal_code', u.address_postal_code, 'country', u.address_country),
    'location', case when u.latitude is null then null
                     else jsonb_build_object('latitude', u.latitude, 'longitude', u.longitude) end,
    'amenities', to_jsonb(u.amenities),
    'check_in_time', to_char(u.check_in_time, 'HH24:MI'),
    'check_out_time', to_char(u.check_out_time, 'HH24:MI'),
    'is_active', u.is_active,
    'created_at', u.created_at,
    'updated_at', u.updated_at)
$$;
comment on function private.api_unit_json(public.units, public.currency_code) is
  'A unit as the public API shows it (no lock settings).';
revoke all on function private.api_unit_json(public.units, public.currency_code) from public, anon, authenticated;

-- GET /v1/units: the key's organisation's units, oldest first; `active` filters on is_active.
create function public.api_units(key_hash text, page_size integer default 25, after jsonb default null,
                                 active boolean default null)
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
  after_at timestamptz;
  after_id uuid;
  page public.units[];
  more boolean;
begin
  if after is not null then
    begin
      after_at := (after ->> 'k')::timestamptz;
      after_id := (after ->> 'id')::uuid;
    exception when others then
      perform private.api_invalid_cursor();
    end;
    if after_at is null or after_id is null then
      perform private.api_invalid_cursor();
    end if;
  end if;
  select o.default_currency into currency from public.organizations o where o.id = org;
  page := array(
    select u from public.units u
    where u.organization_id = org
      and (active is null or u.is_active = active)
      and (after_at is null or (u.created_at, u.id) > (after_at, after_id))
    order by u.created_at, u.id
    limit size + 1);
  more := cardinality(page) > size;
  if more then
    page := page[1:size];
  end if;
  return jsonb_build_object(
    'data', coalesce((select jsonb_agg(private.api_unit_json(page[i], currency) order by i)
                        from generate_subscripts(page, 1) i), '[]'::jsonb),
    'next', case when more then jsonb_build_object('k', (page[size]).created_at, 'id', (page[size]).id) end);
end;
$$;
comment on function public.api_units(text, integer, jsonb, boolean) is
  'Service role (api edge function): a page of the API key''s organisation''s units (keyset on created_at, id).';
revoke all on function public.api_units(text, integer, jsonb, boolean) from public, anon, authenticated;
grant execute on function public.api_units(text, integer, jsonb, boolean) to service_role;

-- GET /v1/units/{id}
create function public.api_unit(key_hash text, unit_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  org uuid := private.api_key_org(key_hash);
  found_unit jsonb;
begin
  select private.api_unit_json(u, o.default_currency) into found_unit
  from public.units u join public.organizations o on o.id = u.organization_id
  where u.id = api_unit.unit_id and u.organization_id = org;
  if found_unit is null then
    perform private.fail('This unit was not found', 'unit_not_found', 'PT404');
  end if;
  return found_unit;
end;
$$;
comment on function public.api_unit(text, uuid) is
  'Service role (api edge function): one unit of the API key''s organisation; PT404 unit_not_found otherwise.';
revoke all on function public.api_unit(text, uuid) from public, anon, authenticated;
grant execute on function public.api_unit(text, uuid) to service_role;

-- GET /v1/units/{id}/availability?from=&to=: the stays (not cancelled) that take dates of
-- [from, to), without guest data, and whether the whole range is free. Lapsed public booking
-- requests are released first, as the app's own availability check does. At most 366 days.
create function public.api_unit_availability(key_hash text, unit_id uuid, from_date date, to_date date)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  org uuid := private.api_key_org(key_hash);
  taken jsonb;
begin
  if not exists (select 1 from public.units u where u.id = api_unit_availability.unit_id and u.organization_id = org) then
    perform private.fail('This unit was not found', 'unit_not_found', 'PT404');
  end if;
  if from_date is null or to_date is null then
    perform private.fail('from and to are required (YYYY-MM-DD)', 'availability_input_required', 'PT400');
  end if;
  if to_date <= from_date then
    perform private.fail('to must be after from', 'booking_dates_invalid', 'PT400');
  end if;
  if to_date - from_date > 366 then
    perform private.fail('The range may span at most 366 days', 'range_too_long', 'PT400');
  end if;
  perform private.expire_pending_requests(api_unit_availability.unit_id);
  select coalesce(jsonb_agg(jsonb_build_object('check_in', b.check_in, 'check_out', b.check_out) order by b.check_in),
                  '[]'::jsonb)
    into taken
  from public.bookings b
  where b.unit_id = api_unit_availability.unit_id and b.organization_id = org and b.status <> 'cancelled'
    and b.check_out > from_date and b.check_in < to_date;
  return jsonb_build_object('unit_id', unit_id, 'from', from_date, 'to', to_date,
                            'available', jsonb_array_length(taken) = 0, 'taken', taken);
end;
$$;
comment on function public.api_unit_availability(text, uuid, date, date) is
  'Service role (api edge function): taken date ranges of a unit of the API key''s organisation in [from, to) and whether the range is free.';
revoke all on function public.api_unit_availability(text, uuid, date, date) from public, anon, authenticated;
grant execute on function public.api_unit_availability(text, uuid, date, date) to service_role;
