-- Profiles: one per auth user. Staff profiles belong to exactly one organisation; vendor
-- users (kind 'vendor') and the platform super administrator (kind 'platform') have none.

create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  organization_id uuid references public.organizations (id) on delete cascade,
  kind public.profile_kind not null default 'staff',
  full_name text check (full_name is null or length(btrim(full_name)) between 1 and 200),
  phone text,
  email text check (email is null or email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  preferred_language public.language_code not null default 'ar',
  status public.profile_status not null default 'active',
  avatar_url text,
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_user_id_key unique (user_id),
  -- Target of composite foreign keys that keep user references inside one organisation.
  constraint profiles_organization_user_key unique (organization_id, user_id),
  constraint profiles_staff_has_organization check ((kind = 'staff') = (organization_id is not null))
);
comment on table public.profiles is 'Users of the product. organization_id scopes staff; vendors link through vendor_members.';
-- profiles_organization_user_key covers organization_id; user_id has its own unique index.

create trigger profiles_touch before update on public.profiles
  for each row execute function private.touch_updated_at();

-- Plan limit on users (SPEC §9: basic = 1 user). Counts staff who are not inactive plus
-- invitations still pending, so an invitation cannot be used to get around the limit.
create function private.check_user_limit(org uuid, extra integer default 1)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  plan public.subscription_plan;
  max_users integer;
  used integer;
begin
  select o.subscription_plan into plan from public.organizations o where o.id = org for update;
  max_users := private.plan_user_limit(plan);
  if max_users is null then
    return;
  end if;
  select (select count(*) from public.profiles p where p.organization_id = org and p.status <> 'inactive')
       + (select count(*) from public.invitations i where i.organization_id = org and i.status = 'pending' and i.expires_at > now())
    into used;
  if used + extra > max_users then
    perform private.fail(format('Your plan allows up to %s user(s). Upgrade your plan to add more users.', max_users),
                         'plan_limit_users');
  end if;
end;
$$;

create function private.profiles_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.kind = 'staff' and new.status <> 'inactive' then
    perform private.check_user_limit(new.organization_id);
  end if;
  return new;
end;
$$;
create trigger profiles_plan_limit before insert on public.profiles
  for each row execute function private.profiles_before_insert();

-- What a browser user may change: their own name, phone, e-mail, language, avatar and
-- last login; holders of users.manage may also change another member's status. Nobody moves
-- a profile between organisations or changes its kind through the API.
create function private.profiles_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_trusted() then
    return new;
  end if;
  if new.user_id is distinct from old.user_id
     or new.organization_id is distinct from old.organization_id
     or new.kind is distinct from old.kind then
    perform private.fail('Permission denied. Contact administrator.', 'profile_immutable', '42501');
  end if;
  if new.status is distinct from old.status then
    if not private.has_permission('users.manage') then
      perform private.fail('Permission denied. Contact administrator.', 'users_manage_required', '42501');
    end if;
    if old.status = 'inactive' and new.status <> 'inactive' and old.kind = 'staff' then
      perform private.check_user_limit(old.organization_id);
    end if;
    if new.status <> 'active' and old.status = 'active'
       and exists (select 1 from public.user_roles ur join public.roles r on r.id = ur.role_id
                   where ur.user_id = old.user_id and r.key = 'admin')
       and private.active_admin_count(old.organization_id, old.user_id) = 0 then
      perform private.fail('An organization must keep at least one administrator', 'last_admin');
    end if;
  end if;
  return new;
end;
$$;
create trigger profiles_guard before update on public.profiles
  for each row execute function private.profiles_guard();

alter table public.profiles enable row level security;

-- Everyone reads their own profile; staff read their colleagues (assignee pickers, user
-- list); the super administrator reads all.
create policy profiles_select on public.profiles for select to authenticated
  using (
    user_id = (select auth.uid())
    or organization_id = (select private.current_org_id())
    or (select private.is_super_admin())
  );

-- No insert policy: profiles are created by create_organization(), accept_invitation() or
-- the service role.

-- Users edit their own profile; holders of users.manage edit members of their organisation
-- (profiles_guard limits which columns each may change).
create policy profiles_update on public.profiles for update to authenticated
  using (
    user_id = (select auth.uid())
    or (organization_id = (select private.current_org_id()) and (select private.has_permission('users.manage')))
  )
  with check (
    user_id = (select auth.uid())
    or organization_id = (select private.current_org_id())
  );

-- Holders of users.manage remove members of their own organisation (not themselves).
create policy profiles_delete on public.profiles for delete to authenticated
  using (
    organization_id = (select private.current_org_id())
    and user_id <> (select auth.uid())
    and (select private.has_permission('users.manage'))
  );

grant select, update, delete on public.profiles to authenticated;
grant all on public.profiles to service_role;
