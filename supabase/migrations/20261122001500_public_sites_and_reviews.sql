-- The public booking site of an organisation (SPEC §3 Public site) and guest reviews.
-- Visitors (anon) read enabled sites and their published reviews; everything a visitor
-- writes goes through request_booking() / submit_review(), which validate it.

create table public.public_sites (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  enabled boolean not null default false,
  name text not null check (length(btrim(name)) between 1 and 200),
  name_ar text,
  description text,
  description_ar text,
  logo_url text,
  contact_email text check (contact_email is null or contact_email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text,
  address text,
  about text,
  about_ar text,
  theme_color text not null default '#0f766e' check (theme_color ~ '^#[0-9a-fA-F]{6}$'),
  -- Auto-generated from the organisation slug (SPEC §3); URL-safe like it.
  slug text not null check (slug ~ '^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$'),
  default_language public.language_code not null default 'ar' check (default_language in ('en', 'ar')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint public_sites_organization_id_key unique (organization_id),
  constraint public_sites_slug_key unique (slug)
);
comment on table public.public_sites is 'One public booking site per organisation; visitors read it when enabled.';
create trigger public_sites_touch before update on public.public_sites
  for each row execute function private.touch_updated_at();

-- The slug comes from the organisation's slug unless one is given.
create function private.public_sites_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.slug is null or btrim(new.slug) = '' then
    select o.slug into new.slug from public.organizations o where o.id = new.organization_id;
  end if;
  new.slug := lower(new.slug);
  return new;
end;
$$;
create trigger public_sites_before_write before insert or update on public.public_sites
  for each row execute function private.public_sites_before_write();

-- organizations.public_site_enabled mirrors public_sites.enabled (either may be edited).
create function private.public_sites_sync_org()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.organizations set public_site_enabled = new.enabled
  where id = new.organization_id and public_site_enabled is distinct from new.enabled;
  return null;
end;
$$;
create trigger public_sites_sync_org after insert or update of enabled on public.public_sites
  for each row execute function private.public_sites_sync_org();

create function private.organizations_sync_site()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.public_sites set enabled = new.public_site_enabled
  where organization_id = new.id and enabled is distinct from new.public_site_enabled;
  return null;
end;
$$;
create trigger organizations_sync_site after update of public_site_enabled on public.organizations
  for each row execute function private.organizations_sync_site();

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  unit_id uuid,
  booking_id uuid,
  guest_name text not null check (length(btrim(guest_name)) between 1 and 120),
  rating smallint not null check (rating between 1 and 5),
  message text check (message is null or length(message) <= 4000),
  is_published boolean not null default false,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  foreign key (organization_id, unit_id) references public.units (organization_id, id) on delete set null (unit_id),
  foreign key (organization_id, booking_id) references public.bookings (organization_id, id) on delete set null (booking_id)
);
comment on table public.reviews is 'Guest reviews; visitors see published ones.';
create index reviews_org_unit_idx on public.reviews (organization_id, unit_id);
create index reviews_org_booking_idx on public.reviews (organization_id, booking_id);
create index reviews_organization_created_idx on public.reviews (organization_id, created_at desc);

create function private.reviews_published_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_published and (tg_op = 'INSERT' or not old.is_published) then
    new.published_at := now();
  elsif not new.is_published then
    new.published_at := null;
  end if;
  return new;
end;
$$;
create trigger reviews_published_at before insert or update on public.reviews
  for each row execute function private.reviews_published_at();

alter table public.public_sites enable row level security;
alter table public.reviews enable row level security;

-- Staff read their organisation's site; signed-in users may also read any enabled site (the
-- public page works the same signed in or not); the super administrator reads all.
create policy public_sites_select on public.public_sites for select to authenticated
  using (organization_id = (select private.current_org_id()) or enabled or (select private.is_super_admin()));
-- Visitors read enabled sites only.
create policy public_sites_select_public on public.public_sites for select to anon
  using (enabled);
-- Holders of public_site.manage create their organisation's site.
create policy public_sites_insert on public.public_sites for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('public_site.manage')));
-- Holders of public_site.manage edit their organisation's site.
create policy public_sites_update on public.public_sites for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('public_site.manage')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of public_site.manage delete their organisation's site.
create policy public_sites_delete on public.public_sites for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('public_site.manage')));

-- Staff read all reviews of their organisation; the super administrator reads all.
create policy reviews_select on public.reviews for select to authenticated
  using (organization_id = (select private.current_org_id()) or (select private.is_super_admin()));
-- Visitors read published reviews of enabled sites.
create policy reviews_select_public on public.reviews for select to anon
  using (is_published and organization_id = any ((select private.public_org_ids())::uuid[]));
-- Holders of reviews.manage add reviews (e.g. imported) to their organisation.
create policy reviews_insert on public.reviews for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('reviews.manage')));
-- Holders of reviews.manage publish and unpublish their organisation's reviews.
create policy reviews_update on public.reviews for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('reviews.manage')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of reviews.manage delete their organisation's reviews.
create policy reviews_delete on public.reviews for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('reviews.manage')));

grant select on public.public_sites to anon;
grant select, insert, update, delete on public.public_sites to authenticated;
grant select (id, organization_id, unit_id, guest_name, rating, message, is_published, published_at, created_at)
  on public.reviews to anon;
grant select, insert, update, delete on public.reviews to authenticated;
grant all on public.public_sites, public.reviews to service_role;
