-- Vendors (SPEC §3 Vendor): a marketplace shared by all organisations. An organisation adds
-- a vendor to itself (organization_vendors) before assigning it tasks. Vendor users are linked
-- to their vendor through vendor_members and see only the tasks assigned to that vendor.

create table public.vendors (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 200),
  name_ar text,
  categories public.vendor_category[] not null default '{}' check (cardinality(categories) >= 1),
  services text[] not null default '{}',
  description text,
  phone text,
  email text check (email is null or email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  city text,
  rating numeric(2, 1) not null default 0 check (rating between 0 and 5),
  reviews_count integer not null default 0 check (reviews_count >= 0),
  verified boolean not null default false,
  verified_at timestamptz,
  -- The organisation that listed the vendor (it may edit it until verification).
  created_by_organization_id uuid references public.organizations (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.vendors is 'Service vendors of the marketplace; verified by the platform.';
create index vendors_created_by_organization_id_idx on public.vendors (created_by_organization_id);
create index vendors_categories_idx on public.vendors using gin (categories);
create trigger vendors_touch before update on public.vendors
  for each row execute function private.touch_updated_at();

create table public.organization_vendors (
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  vendor_id uuid not null references public.vendors (id) on delete cascade,
  notes text,
  added_at timestamptz not null default now(),
  primary key (organization_id, vendor_id)
);
comment on table public.organization_vendors is 'Vendors an organisation works with.';
create index organization_vendors_vendor_id_idx on public.organization_vendors (vendor_id);

create table public.vendor_members (
  vendor_id uuid not null references public.vendors (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (vendor_id, user_id)
);
comment on table public.vendor_members is 'Users who work for a vendor (vendor accounts).';
create index vendor_members_user_id_idx on public.vendor_members (user_id);

-- Verification, rating and the listing organisation are the platform's to set.
create function private.vendors_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_trusted() or private.is_super_admin() then
    if new.verified and not coalesce(old.verified, false) then
      new.verified_at := now();
    end if;
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.verified := false;
    new.verified_at := null;
    new.rating := 0;
    new.reviews_count := 0;
    new.created_by_organization_id := private.current_org_id();
  elsif new.verified is distinct from old.verified or new.verified_at is distinct from old.verified_at
     or new.rating is distinct from old.rating or new.reviews_count is distinct from old.reviews_count
     or new.created_by_organization_id is distinct from old.created_by_organization_id then
    perform private.fail('Only the platform can verify or rate vendors', 'vendor_verification_forbidden', '42501');
  end if;
  return new;
end;
$$;
create trigger vendors_guard before insert or update on public.vendors
  for each row execute function private.vendors_guard();

alter table public.vendors enable row level security;
alter table public.organization_vendors enable row level security;
alter table public.vendor_members enable row level security;

-- The marketplace is visible to every staff member; vendor users see their own vendor; the
-- super administrator sees all.
create policy vendors_select on public.vendors for select to authenticated
  using (
    (select private.current_org_id()) is not null
    or id = any ((select private.current_vendor_ids())::uuid[])
    or (select private.is_super_admin())
  );
-- Holders of vendors.write list a new (unverified) vendor on the marketplace.
create policy vendors_insert on public.vendors for insert to authenticated
  with check ((select private.has_permission('vendors.write')));
-- The listing organisation (vendors.write) and the vendor's own users edit the listing; the
-- super administrator verifies it (vendors_guard keeps verification and rating to the platform).
create policy vendors_update on public.vendors for update to authenticated
  using (
    (created_by_organization_id = (select private.current_org_id()) and (select private.has_permission('vendors.write')))
    or id = any ((select private.current_vendor_ids())::uuid[])
    or (select private.is_super_admin())
  )
  with check (
    (created_by_organization_id = (select private.current_org_id()) and (select private.has_permission('vendors.write')))
    or id = any ((select private.current_vendor_ids())::uuid[])
    or (select private.is_super_admin())
  );
-- The listing organisation removes an unverified listing it created.
create policy vendors_delete on public.vendors for delete to authenticated
  using (
    created_by_organization_id = (select private.current_org_id())
    and not verified
    and (select private.has_permission('vendors.write'))
  );

-- Staff holding vendors.read see which vendors their organisation works with; vendor users
-- see the organisations they work for; the super administrator sees all.
create policy organization_vendors_select on public.organization_vendors for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('vendors.read')))
    or vendor_id = any ((select private.current_vendor_ids())::uuid[])
    or (select private.is_super_admin())
  );
-- Holders of vendors.write add a marketplace vendor to their own organisation.
create policy organization_vendors_insert on public.organization_vendors for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('vendors.write')));
-- Holders of vendors.write edit notes on their organisation's vendors.
create policy organization_vendors_update on public.organization_vendors for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('vendors.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of vendors.write remove a vendor from their organisation.
create policy organization_vendors_delete on public.organization_vendors for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('vendors.write')));

-- Users see their own vendor memberships; the super administrator sees all. Memberships are
-- created by the service role when a vendor account is set up.
create policy vendor_members_select on public.vendor_members for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_super_admin()));

grant select, insert, update, delete on public.vendors, public.organization_vendors to authenticated;
grant select on public.vendor_members to authenticated;
grant all on public.vendors, public.organization_vendors, public.vendor_members to service_role;
