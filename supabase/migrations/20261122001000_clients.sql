-- Clients (SPEC §3 Client): the guests of an organisation. Either a national id or a
-- passport number is required (SPEC §5).

create table public.clients (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  email text check (email is null or email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text not null check (length(btrim(phone)) between 5 and 30),
  nationality text,
  national_id text,
  passport_number text,
  preferred_language public.language_code not null default 'ar' check (preferred_language in ('en', 'ar')),
  is_vip boolean not null default false,
  member_since date not null default current_date,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint clients_organization_id_id_key unique (organization_id, id),
  constraint clients_identity_required check (
    nullif(btrim(coalesce(national_id, '')), '') is not null
    or nullif(btrim(coalesce(passport_number, '')), '') is not null)
);
comment on table public.clients is 'Guests. Searchable by name, e-mail, phone and nationality.';
create index clients_organization_created_idx on public.clients (organization_id, created_at desc);
create index clients_name_trgm_idx on public.clients using gin (name extensions.gin_trgm_ops);
create index clients_org_phone_idx on public.clients (organization_id, phone);
create trigger clients_touch before update on public.clients
  for each row execute function private.touch_updated_at();

-- The check constraint is the guarantee; this trigger gives the SPEC §5 message first.
create function private.clients_identity()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.national_id := nullif(btrim(new.national_id), '');
  new.passport_number := nullif(btrim(new.passport_number), '');
  new.email := nullif(lower(btrim(new.email)), '');
  if new.national_id is null and new.passport_number is null then
    perform private.fail('Either National ID or Passport is required', 'client_identity_required', '23514');
  end if;
  return new;
end;
$$;
create trigger clients_identity before insert or update on public.clients
  for each row execute function private.clients_identity();

alter table public.clients enable row level security;

-- Staff holding clients.read read the clients of their organisation; the super administrator reads all.
create policy clients_select on public.clients for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('clients.read')))
    or (select private.is_super_admin())
  );
-- Holders of clients.write add clients to their own organisation only.
create policy clients_insert on public.clients for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('clients.write')));
-- Holders of clients.write edit clients of their organisation; rows cannot be moved to another one.
create policy clients_update on public.clients for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('clients.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of clients.write delete clients of their organisation.
create policy clients_delete on public.clients for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('clients.write')));

grant select, insert, update, delete on public.clients to authenticated;
grant all on public.clients to service_role;
