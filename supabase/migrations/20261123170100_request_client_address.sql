-- The address of the client behind a request, and a record of which address made each public
-- booking request, so request_booking() can limit requests per address as well as per phone.
--
-- Where the address comes from. PostgREST exposes the request's headers to SQL as the JSON
-- setting request.headers. On hosted Supabase requests pass Cloudflare, which sets
-- cf-connecting-ip to the address it saw and overwrites x-real-ip / x-forwarded-for, so a client
-- cannot choose them (https://github.com/orgs/supabase/discussions/34647). The local gateway does
-- the same with the TCP peer (supabase/local/client-address.ts). The contract: cf-connecting-ip,
-- else x-real-ip, else the last entry of x-forwarded-for (the one the nearest proxy appended);
-- null when there is no request (service role jobs, direct SQL, pg_cron) or no valid address.
create function private.request_client_address()
returns inet
language plpgsql
stable
set search_path = ''
as $$
declare
  headers jsonb;
  candidate text;
begin
  begin
    headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    return null;
  end;
  if headers is null or jsonb_typeof(headers) <> 'object' then
    return null;
  end if;
  candidate := coalesce(
    nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
    nullif(btrim(headers ->> 'x-real-ip'), ''),
    nullif(btrim(regexp_replace(coalesce(headers ->> 'x-forwarded-for', ''), '^.*,', '')), ''));
  if candidate is null then
    return null;
  end if;
  begin
    return host(candidate::inet)::inet;
  exception when others then
    return null;
  end;
end;
$$;
comment on function private.request_client_address is
  'The client address of the current API request (cf-connecting-ip, else x-real-ip, else the last x-forwarded-for entry of request.headers); null outside a request or when invalid.';
revoke all on function private.request_client_address from public;
grant execute on function private.request_client_address to service_role;

-- What the limits count by: an IPv4 address, or the /64 network of an IPv6 address (one
-- subscriber line gets a whole /64 and can rotate through it freely).
create function private.client_address_key(address inet)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when address is null then null
    when family(address) = 6 then host(network(set_masklen(address, 64))) || '/64'
    else host(address)
  end
$$;
comment on function private.client_address_key is 'Rate-limit key of a client address: the IPv4 address, or the IPv6 /64 network.';
revoke all on function private.client_address_key from public;

-- Which address made each public booking request. Kept apart from bookings (in the unexposed
-- private schema) because it is the guest's personal data that staff do not need; kept only as
-- long as the limits look back (request_booking() deletes older rows of the organisation).
create table private.booking_request_origins (
  booking_id uuid primary key references public.bookings (id) on delete cascade,
  organization_id uuid not null,
  client_address text not null,
  created_at timestamptz not null default now()
);
comment on table private.booking_request_origins is
  'Client address key of each public booking request (request_booking), for the per-address limits; rows older than the limits'' look-back are deleted.';
create index booking_request_origins_address_idx
  on private.booking_request_origins (organization_id, client_address, created_at);
revoke all on table private.booking_request_origins from public, anon, authenticated;
grant select, insert, update, delete on table private.booking_request_origins to service_role;

-- A request that staff confirm is a booking, no longer a request: its origin goes, so the
-- per-address limits never count it (a guest whose confirmed stay is later cancelled may ask
-- again at once; only requests that lapsed unanswered or were declined hold an address back).
create function private.bookings_forget_request_origin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.booking_request_origins o where o.booking_id = new.id;
  return null;
end;
$$;
comment on function private.bookings_forget_request_origin is
  'Drops the client-address record of a public request once staff confirm it (or move it on): it is a booking, not a request.';
revoke all on function private.bookings_forget_request_origin from public;
create trigger bookings_forget_request_origin after update of status on public.bookings
  for each row when (old.status = 'pending' and new.status not in ('pending', 'cancelled'))
  execute function private.bookings_forget_request_origin();
