-- Public REST API (docs/api.md): clients (guests), for the service role only (the api edge
-- function). As for units and bookings, the organisation comes from the API key's hash
-- (private.api_key_org); another organisation's guest is "not found".
--
-- Identity numbers (national id, passport) are write-only: a guest is created with one of them
-- (SPEC §5, the clients_identity trigger), but the API never sends them back. A new guest goes
-- through the table's own rules (the identity trigger, e-mail and length checks).

create function private.api_client_json(c public.clients)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', c.id,
    'name', c.name,
    'email', c.email,
    'phone', c.phone,
    'nationality', c.nationality,
    'preferred_language', c.preferred_language,
    'is_vip', c.is_vip,
    'member_since', c.member_since,
    'created_at', c.created_at,
    'updated_at', c.updated_at)
$$;
comment on function private.api_client_json(public.clients) is
  'A guest as the public API shows it (no identity numbers, no notes).';
revoke all on function private.api_client_json(public.clients) from public, anon, authenticated;

-- GET /v1/clients: oldest first; `email` and `phone` find a guest exactly (an integration looks
-- its guest up before creating one).
create function public.api_clients(key_hash text, page_size integer default 25, after jsonb default null,
                                   email text default null, phone text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  org uuid := private.api_key_org(key_hash);
  size integer := private.api_page_size(page_size);
  after_at timestamptz;
  after_id uuid;
  page public.clients[];
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
  page := array(
    select c from public.clients c
    where c.organization_id = org
      and (api_clients.email is null or c.email = lower(btrim(api_clients.email)))
      and (api_clients.phone is null or c.phone = btrim(api_clients.phone))
      and (after_at is null or (c.created_at, c.id) > (after_at, after_id))
    order by c.created_at, c.id
    limit size + 1);
  more := cardinality(page) > size;
  if more then
    page := page[1:size];
  end if;
  return jsonb_build_object(
    'data', coalesce((select jsonb_agg(private.api_client_json(page[i]) order by i)
                        from generate_subscripts(page, 1) i), '[]'::jsonb),
    'next', case when more then jsonb_build_object('k', (page[size]).created_at, 'id', (page[size]).id) end);
end;
$$;
comment on function public.api_clients(text, integer, jsonb, text, text) is
  'Service role (api edge function): a page of the API key''s organisation''s guests (keyset on created_at, id).';
revoke all on function public.api_clients(text, integer, jsonb, text, text) from public, anon, authenticated;
grant execute on function public.api_clients(text, integer, jsonb, text, text) to service_role;

-- GET /v1/clients/{id}
create function public.api_client(key_hash text, client_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  org uuid := private.api_key_org(key_hash);
  found_client jsonb;
begin
  select private.api_client_json(c) into found_client
  from public.clients c
  where c.id = api_client.client_id and c.organization_id = org;
  if found_client is null then
    perform private.fail('This guest was not found', 'client_not_found', 'PT404');
  end if;
  return found_client;
end;
$$;
comment on function public.api_client(text, uuid) is
  'Service role (api edge function): one guest of the API key''s organisation; PT404 client_not_found otherwise.';
revoke all on function public.api_client(text, uuid) from public, anon, authenticated;
grant execute on function public.api_client(text, uuid) to service_role;

-- POST /v1/clients: {name, phone (E.164), email?, nationality?, national_id? | passport_number?,
-- preferred_language?, is_vip?}.
create function public.api_create_client(key_hash text, client jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  org uuid := private.api_key_org(key_hash);
  guest public.clients;
  guest_language public.language_code;
  guest_vip boolean;
begin
  if jsonb_typeof(client) is distinct from 'object' then
    perform private.fail('The body must be a JSON object', 'validation_failed', 'PT422');
  end if;
  begin
    guest_language := coalesce((client ->> 'preferred_language')::public.language_code, 'ar');
    guest_vip := coalesce((client ->> 'is_vip')::boolean, false);
  exception when others then
    perform private.fail('preferred_language is ar or en; is_vip is true or false', 'validation_failed', 'PT422');
  end;
  if guest_language not in ('ar', 'en') then
    perform private.fail('preferred_language is ar or en', 'validation_failed', 'PT422');
  end if;
  if coalesce(btrim(client ->> 'phone'), '') !~ '^\+[1-9][0-9]{6,14}$' then
    perform private.fail('phone must be in E.164 form, e.g. +966501234567', 'validation_failed', 'PT422');
  end if;
  if coalesce(client ->> 'nationality', '') !~ '^([A-Za-z]{2})?$' then
    perform private.fail('nationality is an ISO 3166-1 alpha-2 code, e.g. SA', 'validation_failed', 'PT422');
  end if;
  insert into public.clients as c (organization_id, name, phone, email, nationality, national_id, passport_number,
                                   preferred_language, is_vip)
  values (org, btrim(client ->> 'name'), btrim(client ->> 'phone'), client ->> 'email',
          upper(nullif(client ->> 'nationality', '')), client ->> 'national_id', client ->> 'passport_number',
          guest_language, guest_vip)
  returning c.* into guest;
  return private.api_client_json(guest);
end;
$$;
comment on function public.api_create_client(text, jsonb) is
  'Service role (api edge function): creates a guest in the API key''s organisation through the clients table and its rules (client_identity_required, e-mail and length checks).';
revoke all on function public.api_create_client(text, jsonb) from public, anon, authenticated;
grant execute on function public.api_create_client(text, jsonb) to service_role;
