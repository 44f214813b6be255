-- API keys (SPEC §3): shown once, stored only as a SHA-256 hash. create_api_key() makes the
-- key and returns it a single time; verify_api_key() (service role) checks one.

create table public.api_keys (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 100),
  -- The first characters of the key, to recognise it in the list ("nzl_3f9a…").
  prefix text not null,
  key_hash text not null check (key_hash ~ '^[0-9a-f]{64}$'),
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  constraint api_keys_key_hash_key unique (key_hash)
);
comment on table public.api_keys is 'API keys as SHA-256 hashes; the key itself is never stored.';
create index api_keys_organization_id_idx on public.api_keys (organization_id);

create function public.create_api_key(key_name text)
returns table (id uuid, name text, prefix text, key text, created_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  new_key text;
  org uuid := private.current_org_id();
begin
  if not private.has_permission('api_keys.manage') then
    perform private.fail('Permission denied. Contact administrator.', 'api_keys_manage_required', '42501');
  end if;
  if nullif(btrim(coalesce(create_api_key.key_name, '')), '') is null then
    perform private.fail('Enter an API key name', 'api_key_name_required', '23514');
  end if;
  -- 256 random bits from two v4 UUIDs (core PostgreSQL, no extension needed).
  new_key := 'nzl_' || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  return query
    insert into public.api_keys as k (organization_id, name, prefix, key_hash)
    values (org, btrim(create_api_key.key_name), left(new_key, 12), encode(sha256(convert_to(new_key, 'UTF8')), 'hex'))
    returning k.id, k.name, k.prefix, new_key, k.created_at;
end;
$$;
revoke all on function public.create_api_key(text) from public;
grant execute on function public.create_api_key(text) to authenticated;

-- For edge functions: which organisation does this key belong to (null if unknown/revoked).
create function public.verify_api_key(key text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  org uuid;
begin
  update public.api_keys k set last_used_at = now()
  where k.key_hash = encode(sha256(convert_to(verify_api_key.key, 'UTF8')), 'hex') and k.revoked_at is null
  returning k.organization_id into org;
  return org;
end;
$$;
revoke all on function public.verify_api_key(text) from public;
grant execute on function public.verify_api_key(text) to service_role;

alter table public.api_keys enable row level security;

-- Holders of api_keys.manage see their organisation's keys (name, prefix, dates, hash).
create policy api_keys_select on public.api_keys for select to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('api_keys.manage')));
-- Holders of api_keys.manage rename or revoke their organisation's keys (column grants allow
-- only name and revoked_at). Keys are created by create_api_key() only.
create policy api_keys_update on public.api_keys for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('api_keys.manage')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of api_keys.manage delete their organisation's keys.
create policy api_keys_delete on public.api_keys for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('api_keys.manage')));

grant select, delete on public.api_keys to authenticated;
grant update (name, revoked_at) on public.api_keys to authenticated;
grant all on public.api_keys to service_role;
