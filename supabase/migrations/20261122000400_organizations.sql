-- Organisations: the tenants. Every organisation-owned row carries organization_id.

create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 200),
  name_ar text check (name_ar is null or length(btrim(name_ar)) between 1 and 200),
  -- URL-safe: lower-case letters, digits and inner hyphens; used in /org/{slug} and /{slug}.
  slug text not null,
  -- Path of the public booking page; the app prefixes its own origin.
  public_url text generated always as ('/org/' || slug) stored,
  subscription_plan public.subscription_plan not null default 'basic',
  billing_cycle text not null default 'monthly' check (billing_cycle in ('monthly', 'yearly')),
  public_site_enabled boolean not null default false,
  default_timezone public.org_timezone not null default 'Asia/Riyadh',
  default_currency public.currency_code not null default 'SAR',
  country public.country_code not null default 'SA',
  -- Seller identity for tax invoices (ZATCA): 15 digits starting and ending with 3.
  vat_number text check (vat_number is null or vat_number ~ '^3[0-9]{13}3$'),
  commercial_registration text check (commercial_registration is null or commercial_registration ~ '^[0-9]{5,20}$'),
  -- National address (ZATCA seller address: street, building no., additional no., district, city, postal code).
  address_street text,
  address_building_number text,
  address_additional_number text,
  address_district text,
  address_city text,
  address_region text,
  address_postal_code text,
  logo_url text,
  owner_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint organizations_slug_key unique (slug),
  constraint organizations_slug_format check (slug ~ '^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$'),
  -- Top-level app routes (SPEC §2) a slug must not shadow, since /{slug} redirects to /org/{slug}.
  constraint organizations_slug_not_reserved check (slug not in (
    'org', 'game', 'health', 'login', 'auth-diagnostics', 'reset-password', 'verify', 'super-admin',
    'dashboard', 'units', 'bookings', 'clients', 'payments', 'vendors', 'tasks', 'access', 'users',
    'reports', 'settings', 'api', 'admin', 'assets', 'auth', 'rest', 'storage', 'functions'))
);
comment on table public.organizations is 'Tenants. Staff see their own; the super administrator sees all.';
create index organizations_owner_id_idx on public.organizations (owner_id);

create trigger organizations_touch before update on public.organizations
  for each row execute function private.touch_updated_at();

-- Plan limits of SPEC §9 (null = unlimited).
create function private.plan_unit_limit(plan public.subscription_plan)
returns integer
language sql
immutable
set search_path = ''
as $$ select case plan when 'basic' then 1 when 'advanced' then 2 else null end $$;

create function private.plan_user_limit(plan public.subscription_plan)
returns integer
language sql
immutable
set search_path = ''
as $$ select case plan when 'basic' then 1 else null end $$;
grant execute on function private.plan_unit_limit(public.subscription_plan), private.plan_user_limit(public.subscription_plan)
  to authenticated, service_role;

-- Counters that must never go backwards (invoice numbers), kept out of the API entirely.
create table private.organization_counters (
  organization_id uuid primary key references public.organizations (id) on delete cascade,
  last_invoice_number integer not null default 0
);

create function private.organizations_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.organization_counters (organization_id) values (new.id);
  return null;
end;
$$;
create trigger organizations_counters after insert on public.organizations
  for each row execute function private.organizations_after_insert();

-- Browser users may edit their organisation's settings, but the plan is billing's business
-- (edge functions with the service role) and the owner changes only through support.
create function private.organizations_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_trusted() then
    return new;
  end if;
  if new.subscription_plan is distinct from old.subscription_plan
     or new.billing_cycle is distinct from old.billing_cycle then
    perform private.fail('The subscription plan can only be changed through billing', 'plan_change_forbidden', '42501');
  end if;
  if new.owner_id is distinct from old.owner_id then
    perform private.fail('The organization owner cannot be changed here', 'owner_change_forbidden', '42501');
  end if;
  return new;
end;
$$;
create trigger organizations_guard before update on public.organizations
  for each row execute function private.organizations_guard();

alter table public.organizations enable row level security;

-- Staff read their own organisation; the super administrator reads every organisation.
create policy organizations_select on public.organizations for select to authenticated
  using (id = (select private.current_org_id()) or (select private.is_super_admin()));

-- Organisations are created only by create_organization() (onboarding), never by a raw insert.
-- Settings are changed by holders of settings.manage, in their own organisation only.
create policy organizations_update on public.organizations for update to authenticated
  using (id = (select private.current_org_id()) and (select private.has_permission('settings.manage')))
  with check (id = (select private.current_org_id()));

-- No delete policy: deleting a tenant is a support operation (service role).

grant select, update on public.organizations to authenticated;
grant all on public.organizations to service_role;
