-- Units (SPEC §3 Unit): the properties an organisation rents out, with up to 4 photos
-- (exactly one main), a map location, amenities and smart-lock settings. Lock account
-- secrets are kept apart in unit_lock_secrets, which only the service role can read.

create table public.units (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  name_ar text check (name_ar is null or length(btrim(name_ar)) between 1 and 200),
  type public.unit_type not null default 'apartment',
  description text,
  description_ar text,
  price_per_night numeric(12, 2) not null check (price_per_night >= 0),
  max_guests integer not null default 2 check (max_guests between 1 and 1000),
  bedrooms integer not null default 1 check (bedrooms >= 0),
  bathrooms integer not null default 1 check (bathrooms >= 0),
  area_sqm numeric(10, 2) check (area_sqm is null or area_sqm > 0),
  address_street text,
  address_city text,
  address_region text,
  address_postal_code text,
  address_country public.country_code not null default 'SA',
  amenities public.amenity[] not null default '{}',
  check_in_time time not null default '15:00',
  check_out_time time not null default '12:00',
  cleaning_fee numeric(12, 2) not null default 0 check (cleaning_fee >= 0),
  security_deposit numeric(12, 2) not null default 0 check (security_deposit >= 0),
  latitude numeric(9, 6) check (latitude between -90 and 90),
  longitude numeric(9, 6) check (longitude between -180 and 180),
  is_active boolean not null default true,
  -- Smart lock (TTLock): identifiers are not secret; the account password, client id and
  -- client secret are in unit_lock_secrets.
  smart_lock_id text,
  lock_mac_address text check (lock_mac_address is null or lock_mac_address ~* '^([0-9a-f]{2}:){5}[0-9a-f]{2}$'),
  lock_gateway_id text,
  lock_account_username text,
  lock_credentials_configured boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint units_organization_id_id_key unique (organization_id, id),
  constraint units_coordinates_together check ((latitude is null) = (longitude is null))
);
comment on table public.units is 'Rental units (properties). Visitors see active units of enabled public sites.';
create index units_organization_created_idx on public.units (organization_id, created_at desc);
create trigger units_touch before update on public.units
  for each row execute function private.touch_updated_at();

-- Plan limit on units (SPEC §9: basic 1, advanced 2, enterprise unlimited). The organisation
-- row is locked so two concurrent inserts cannot both pass the count.
create function private.units_plan_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  plan public.subscription_plan;
  max_units integer;
begin
  select o.subscription_plan into plan from public.organizations o where o.id = new.organization_id for update;
  max_units := private.plan_unit_limit(plan);
  if max_units is not null
     and (select count(*) from public.units u where u.organization_id = new.organization_id) >= max_units then
    perform private.fail(format('Your plan allows up to %s unit(s). Upgrade your plan to add more units.', max_units),
                         'plan_limit_units');
  end if;
  return new;
end;
$$;
create trigger units_plan_limit before insert on public.units
  for each row execute function private.units_plan_limit();

create table public.unit_photos (
  id uuid primary key default gen_random_uuid(),
  -- Set from the parent row by the insert trigger; the default only helps typing.
  organization_id uuid not null default private.current_org_id(),
  unit_id uuid not null,
  -- Object path in the unit-photos bucket: {organization_id}/{unit_id}/{file}.
  storage_path text not null,
  caption text,
  is_main boolean not null default false,
  position smallint not null default 0 check (position between 0 and 3),
  created_at timestamptz not null default now(),
  foreign key (organization_id, unit_id) references public.units (organization_id, id) on delete cascade
);
comment on table public.unit_photos is 'Up to 4 photos per unit, exactly one of them main.';
create index unit_photos_org_unit_idx on public.unit_photos (organization_id, unit_id);
create index unit_photos_unit_id_idx on public.unit_photos (unit_id);
-- At most one main photo per unit; the triggers below keep it exactly one.
create unique index unit_photos_one_main_key on public.unit_photos (unit_id) where is_main;

-- Before insert: take the organisation from the unit, enforce the 4-photo limit (the unit row
-- is locked so concurrent uploads cannot exceed it) and make the first photo the main one.
create function private.unit_photos_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  existing integer;
begin
  select u.organization_id into new.organization_id from public.units u where u.id = new.unit_id for update;
  select count(*) into existing from public.unit_photos p where p.unit_id = new.unit_id;
  if existing >= 4 then
    perform private.fail('You can upload up to 4 photos', 'unit_photo_limit', '23514');
  end if;
  if existing = 0 then
    new.is_main := true;
  elsif new.is_main then
    update public.unit_photos set is_main = false where unit_id = new.unit_id and is_main;
  end if;
  return new;
end;
$$;
create trigger unit_photos_before_insert before insert on public.unit_photos
  for each row execute function private.unit_photos_before_insert();

-- Making a photo main demotes the previous main photo.
create function private.unit_photos_before_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.unit_id <> old.unit_id or new.organization_id <> old.organization_id then
    perform private.fail('A photo cannot be moved to another unit', 'unit_photo_immutable', '42501');
  end if;
  if new.is_main and not old.is_main then
    update public.unit_photos set is_main = false where unit_id = new.unit_id and is_main and id <> new.id;
  end if;
  return new;
end;
$$;
create trigger unit_photos_before_update before update on public.unit_photos
  for each row execute function private.unit_photos_before_update();

-- If no main photo is left (the main one was deleted or unset), the first remaining photo
-- becomes main, so a unit with photos always has exactly one.
create function private.unit_photos_keep_main()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  unit uuid := coalesce(new.unit_id, old.unit_id);
begin
  if not exists (select 1 from public.unit_photos p where p.unit_id = unit and p.is_main) then
    update public.unit_photos set is_main = true
    where id = (select p.id from public.unit_photos p where p.unit_id = unit
                order by p.position, p.created_at, p.id limit 1);
  end if;
  return null;
end;
$$;
-- Deferred to commit, so it judges the final state (a switch of main photo is two row writes).
create constraint trigger unit_photos_keep_main after update of is_main or delete on public.unit_photos
  deferrable initially deferred
  for each row execute function private.unit_photos_keep_main();

-- Lock account secrets (SPEC §3: lock account password, client id and secret). No policy and
-- no grant for browser roles: only edge functions (service role) read them. Browsers write
-- them through set_unit_lock_credentials().
create table public.unit_lock_secrets (
  unit_id uuid primary key,
  organization_id uuid not null,
  account_password text,
  client_id text,
  client_secret text,
  updated_at timestamptz not null default now(),
  foreign key (organization_id, unit_id) references public.units (organization_id, id) on delete cascade
);
comment on table public.unit_lock_secrets is 'Smart-lock account secrets; service role only.';
create index unit_lock_secrets_org_unit_idx on public.unit_lock_secrets (organization_id, unit_id);
alter table public.unit_lock_secrets enable row level security;
revoke all on public.unit_lock_secrets from anon, authenticated;
grant all on public.unit_lock_secrets to service_role;

alter table public.units enable row level security;

-- Staff holding units.read read the units of their organisation; vendor users read the units of tasks assigned to their vendor; the super administrator reads all.
create policy units_select on public.units for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('units.read')))
    or id = any ((select private.vendor_unit_ids())::uuid[])
    or (select private.is_super_admin())
  );
-- Holders of units.write add units to their own organisation only.
create policy units_insert on public.units for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('units.write')));
-- Holders of units.write edit units of their organisation; rows cannot be moved to another one.
create policy units_update on public.units for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('units.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of units.write delete units of their organisation.
create policy units_delete on public.units for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('units.write')));
-- Visitors read the active units of organisations whose public site is enabled.
create policy units_select_public on public.units for select to anon
  using (is_active and organization_id = any ((select private.public_org_ids())::uuid[]));

alter table public.unit_photos enable row level security;

-- Staff holding units.read read the unit photos of their organisation; the super administrator reads all.
create policy unit_photos_select on public.unit_photos for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('units.read')))
    or (select private.is_super_admin())
  );
-- Holders of units.write add unit photos to their own organisation only.
create policy unit_photos_insert on public.unit_photos for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('units.write')));
-- Holders of units.write edit unit photos of their organisation; rows cannot be moved to another one.
create policy unit_photos_update on public.unit_photos for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('units.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of units.write delete unit photos of their organisation.
create policy unit_photos_delete on public.unit_photos for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('units.write')));
-- Visitors see the photos of the units they can see.
create policy unit_photos_select_public on public.unit_photos for select to anon
  using (
    organization_id = any ((select private.public_org_ids())::uuid[])
    and exists (select 1 from public.units u where u.id = unit_id and u.is_active)
  );

grant select, insert, update, delete on public.units, public.unit_photos to authenticated;
-- Visitors get the columns a booking page needs, never the lock settings or street address.
grant select (id, organization_id, name, name_ar, type, description, description_ar, price_per_night,
              max_guests, bedrooms, bathrooms, area_sqm, address_city, address_region, address_country,
              amenities, check_in_time, check_out_time, cleaning_fee, security_deposit, latitude,
              longitude, is_active, created_at)
  on public.units to anon;
grant select on public.unit_photos to anon;
grant all on public.units, public.unit_photos to service_role;
