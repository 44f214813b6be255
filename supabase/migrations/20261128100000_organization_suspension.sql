-- Suspended organisations (issue 14, super administrator). The platform's super administrator can
-- suspend an organisation (with a reason) and reactivate it. While suspended:
--   * its staff read and write nothing of it: private.current_org_id() — the one tenancy helper
--     every RLS policy, has_permission() and readable_org_ids() go through — answers null for them,
--     exactly as it already does for a deactivated member (20261127300300). No policy changes, and
--     the cost stays one indexed lookup per statement (the helpers are initplans);
--   * its public booking site is off: private.public_org_ids() leaves it out, and the public_sites
--     select policies now use that helper instead of `enabled`, so public_site_page() (which runs
--     as the visitor) finds neither the site nor its old slugs, and its units and reviews are gone
--     from the public policies too. Public requests, quotes and API keys are refused with 403
--     organization_suspended (20261128100100);
--   * its staff are told why by public.my_organization_suspension() (20261128100200).
-- Only trusted paths (the super administrator's definer functions, the service role) change the
-- three columns: organizations_guard refuses anyone else, owners included.

alter table public.organizations
  add column suspended_at timestamptz,
  add column suspended_reason text,
  add column suspended_by uuid references auth.users (id) on delete set null,
  -- A suspension always says why; a live organisation carries no stale reason.
  add constraint organizations_suspension_check check (
    (suspended_at is null and suspended_reason is null and suspended_by is null)
    or (suspended_at is not null and length(btrim(suspended_reason)) between 1 and 500)
  );
comment on column public.organizations.suspended_at is
  'When the super administrator suspended the organisation (null: active). While set, its staff read and write nothing and its public site is off.';
comment on column public.organizations.suspended_reason is 'Why it was suspended, shown to its staff (required while suspended).';
comment on column public.organizations.suspended_by is 'The super administrator who suspended it.';
create index organizations_suspended_by_idx on public.organizations (suspended_by) where suspended_by is not null;

-- The guard of 20261122000400, plus the suspension columns: billing and support only.
create or replace function private.organizations_guard()
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
  if new.suspended_at is distinct from old.suspended_at
     or new.suspended_reason is distinct from old.suspended_reason
     or new.suspended_by is distinct from old.suspended_by then
    perform private.fail('Permission denied. Contact administrator.', 'suspension_change_forbidden', '42501');
  end if;
  return new;
end;
$$;

-- The organisation of the signed-in staff member, or null (anon, vendors, inactive users, and now
-- the staff of a suspended organisation). Same signature and grants as 20261122000300.
create or replace function private.current_org_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org uuid;
begin
  select p.organization_id into org
  from public.profiles p
  join public.organizations o on o.id = p.organization_id
  where p.user_id = auth.uid() and p.kind = 'staff' and p.status = 'active' and o.suspended_at is null;
  return org;
end;
$$;

-- Organisations whose public booking site visitors may read: enabled, and not suspended.
create or replace function private.public_org_ids()
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(
    (select array_agg(s.organization_id) from public.public_sites s
     join public.organizations o on o.id = s.organization_id
     where s.enabled and o.suspended_at is null),
    '{}'::uuid[]);
end;
$$;

-- Visitors read the sites of public_org_ids() only: enabled and not suspended (was: enabled).
drop policy public_sites_select_public on public.public_sites;
create policy public_sites_select_public on public.public_sites for select to anon
  using (organization_id = any ((select private.public_org_ids())::uuid[]));

-- Signed-in users: their own organisation's site (enabled or not) and, as visitors, the public
-- ones (was: `or enabled`, which would show a suspended organisation's site).
drop policy public_sites_select on public.public_sites;
create policy public_sites_select on public.public_sites for select to authenticated
  using (organization_id = any ((select private.readable_org_ids())::uuid[])
         or organization_id = any ((select private.public_org_ids())::uuid[]));
