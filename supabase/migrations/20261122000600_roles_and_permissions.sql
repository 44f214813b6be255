-- Roles and permissions (SPEC §6). Each organisation has three built-in roles — admin,
-- manager, member — and any number of custom roles. A role grants permission strings
-- `<module>.<action>`; a user holds the union of their roles' permissions. Admins hold every
-- permission implicitly (private.has_permission).

-- The catalogue of permission strings: reference data the access screen lists.
create table public.permissions (
  key text primary key check (key ~ '^[a-z_]+\.[a-z_]+$'),
  module text not null,
  action text not null,
  description text not null
);
comment on table public.permissions is 'Every permission string a role can grant.';

insert into public.permissions (key, module, action, description) values
  ('units.read', 'units', 'read', 'View units, photos and availability'),
  ('units.write', 'units', 'write', 'Create, edit, activate and delete units and photos'),
  ('clients.read', 'clients', 'read', 'View clients'),
  ('clients.write', 'clients', 'write', 'Create, edit and delete clients'),
  ('bookings.read', 'bookings', 'read', 'View bookings and the calendar'),
  ('bookings.write', 'bookings', 'write', 'Create, edit, check in/out and cancel bookings'),
  ('invoices.read', 'invoices', 'read', 'View invoices'),
  ('invoices.write', 'invoices', 'write', 'Create, issue, cancel and refund invoices'),
  ('payments.read', 'payments', 'read', 'View payments and revenue'),
  ('payments.write', 'payments', 'write', 'Record and delete payments'),
  ('tasks.read', 'tasks', 'read', 'View tasks'),
  ('tasks.write', 'tasks', 'write', 'Create, assign, start and complete tasks'),
  ('vendors.read', 'vendors', 'read', 'View the organisation''s vendors'),
  ('vendors.write', 'vendors', 'write', 'Add vendors from the marketplace and edit them'),
  ('locks.read', 'locks', 'read', 'View smart-lock passcodes'),
  ('locks.write', 'locks', 'write', 'Create and invalidate smart-lock passcodes'),
  ('channels.read', 'channels', 'read', 'View OTA connections'),
  ('channels.write', 'channels', 'write', 'Connect, edit and disconnect OTA channels'),
  ('messages.read', 'messages', 'read', 'Read guest conversations'),
  ('messages.write', 'messages', 'write', 'Send messages to guests'),
  ('automations.read', 'automations', 'read', 'View automation rules and financial alerts'),
  ('automations.write', 'automations', 'write', 'Create and edit automation rules and alerts'),
  ('integrations.read', 'integrations', 'read', 'View integrations'),
  ('integrations.write', 'integrations', 'write', 'Configure integrations'),
  ('reports.view', 'reports', 'view', 'View reports, analytics and revenue figures'),
  ('users.manage', 'users', 'manage', 'Invite, deactivate and remove users'),
  ('roles.manage', 'roles', 'manage', 'Create custom roles, assign and revoke roles'),
  ('settings.manage', 'settings', 'manage', 'Edit organisation settings'),
  ('public_site.manage', 'public_site', 'manage', 'Edit the public booking site'),
  ('reviews.manage', 'reviews', 'manage', 'Publish and unpublish guest reviews'),
  ('api_keys.manage', 'api_keys', 'manage', 'Create and revoke API keys'),
  ('audit.read', 'audit', 'read', 'Read the audit log');

create table public.roles (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  -- Built-in roles carry a key; custom roles have none.
  key text check (key in ('admin', 'manager', 'member')),
  name text not null check (length(btrim(name)) between 1 and 100),
  description text,
  is_system boolean generated always as (key is not null) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint roles_organization_key_key unique (organization_id, key),
  constraint roles_organization_name_key unique (organization_id, name),
  constraint roles_organization_id_id_key unique (organization_id, id)
);
comment on table public.roles is 'Built-in (admin, manager, member) and custom roles of an organisation.';
create trigger roles_touch before update on public.roles
  for each row execute function private.touch_updated_at();

create table public.role_permissions (
  role_id uuid not null,
  organization_id uuid not null default private.current_org_id(),
  permission text not null references public.permissions (key) on delete cascade,
  primary key (role_id, permission),
  foreign key (organization_id, role_id) references public.roles (organization_id, id) on delete cascade
);
create index role_permissions_org_role_idx on public.role_permissions (organization_id, role_id);
create index role_permissions_permission_idx on public.role_permissions (permission);

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id(),
  user_id uuid not null,
  role_id uuid not null,
  assigned_at timestamptz not null default now(),
  assigned_by uuid,
  constraint user_roles_user_role_key unique (user_id, role_id),
  foreign key (organization_id, user_id) references public.profiles (organization_id, user_id) on delete cascade,
  foreign key (organization_id, role_id) references public.roles (organization_id, id) on delete cascade
);
comment on table public.user_roles is 'Role assignments: user, role, assigned-at (SPEC §3 Role).';
create index user_roles_org_user_idx on public.user_roles (organization_id, user_id);
create index user_roles_org_role_idx on public.user_roles (organization_id, role_id);
create index user_roles_role_id_idx on public.user_roles (role_id);

-- Number of active administrators of an organisation, optionally not counting one user.
create function private.active_admin_count(org uuid, excluding_user uuid default null)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(distinct ur.user_id)::integer
  from public.user_roles ur
  join public.roles r on r.id = ur.role_id and r.key = 'admin'
  join public.profiles p on p.user_id = ur.user_id and p.organization_id = ur.organization_id
  where ur.organization_id = org
    and p.status = 'active'
    and (excluding_user is null or ur.user_id <> excluding_user)
$$;

-- The built-in roles of a new organisation with their default permissions.
create function private.create_system_roles(org uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  manager_id uuid;
  member_id uuid;
begin
  insert into public.roles (organization_id, key, name, description)
    values (org, 'admin', 'Administrator', 'Full access to the organisation');
  insert into public.roles (organization_id, key, name, description)
    values (org, 'manager', 'Manager', 'Runs operations and finance; cannot manage users, roles or settings')
    returning id into manager_id;
  insert into public.roles (organization_id, key, name, description)
    values (org, 'member', 'Team Member', 'Day-to-day work on bookings, clients and tasks')
    returning id into member_id;

  insert into public.role_permissions (role_id, organization_id, permission)
  select manager_id, org, p.key from public.permissions p
  where p.key not in ('users.manage', 'roles.manage', 'settings.manage', 'api_keys.manage',
                      'audit.read', 'integrations.write');

  insert into public.role_permissions (role_id, organization_id, permission)
  select member_id, org, p.key from public.permissions p
  where p.key in ('units.read', 'clients.read', 'clients.write', 'bookings.read', 'bookings.write',
                  'tasks.read', 'tasks.write', 'vendors.read', 'locks.read', 'messages.read',
                  'messages.write');
end;
$$;

-- Built-in roles keep their key, name and permissions; custom roles cannot claim a key.
create function private.roles_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_trusted() then
    return coalesce(new, old);
  end if;
  if tg_op = 'INSERT' then
    if new.key is not null then
      perform private.fail('Built-in roles cannot be created', 'system_role_immutable', '42501');
    end if;
  elsif tg_op = 'UPDATE' then
    if old.key is not null or new.key is not null then
      perform private.fail('Built-in roles cannot be changed', 'system_role_immutable', '42501');
    end if;
  elsif old.key is not null and exists (select 1 from public.organizations o where o.id = old.organization_id) then
    perform private.fail('Built-in roles cannot be deleted', 'system_role_immutable', '42501');
  end if;
  return coalesce(new, old);
end;
$$;
create trigger roles_guard before insert or update or delete on public.roles
  for each row execute function private.roles_guard();

create function private.role_permissions_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  rec record := coalesce(new, old);
begin
  if private.is_trusted() then
    return rec;
  end if;
  if exists (select 1 from public.roles r where r.id = rec.role_id and r.key is not null) then
    perform private.fail('Permissions of built-in roles cannot be changed', 'system_role_immutable', '42501');
  end if;
  return rec;
end;
$$;
create trigger role_permissions_guard before insert or update or delete on public.role_permissions
  for each row execute function private.role_permissions_guard();

-- Role assignments: only admins hand out the admin role; the owner stays an admin; the last
-- active admin can be neither removed nor demoted.
create function private.user_roles_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  old_is_admin boolean := false;
  new_is_admin boolean := false;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select r.key = 'admin' into old_is_admin from public.roles r where r.id = old.role_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    select r.key = 'admin' into new_is_admin from public.roles r where r.id = new.role_id;
    new.assigned_by := coalesce(new.assigned_by, auth.uid());
  end if;

  if new_is_admin and not coalesce(old_is_admin, false) and not private.is_trusted() and not private.is_org_admin() then
    perform private.fail('Only administrators can assign the administrator role', 'admin_role_required', '42501');
  end if;

  if coalesce(old_is_admin, false) and not coalesce(new_is_admin and new.user_id = old.user_id, false)
     and exists (select 1 from public.organizations o where o.id = old.organization_id) then
    if exists (select 1 from public.profiles p where p.user_id = old.user_id and p.status = 'active')
       and private.active_admin_count(old.organization_id, old.user_id) = 0 then
      perform private.fail('An organization must keep at least one administrator', 'last_admin');
    end if;
    if exists (select 1 from public.organizations o where o.id = old.organization_id and o.owner_id = old.user_id)
       and exists (select 1 from public.profiles p where p.user_id = old.user_id) then
      perform private.fail('The organization owner must remain an administrator', 'owner_admin');
    end if;
  end if;
  return coalesce(new, old);
end;
$$;
create trigger user_roles_guard before insert or update or delete on public.user_roles
  for each row execute function private.user_roles_guard();

-- The caller's permissions in one call, for gating the UI (RLS still decides).
create function public.my_permissions()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(p.key order by p.key), '{}')
  from public.permissions p
  where private.has_permission(p.key)
$$;
grant execute on function public.my_permissions() to authenticated, service_role;

-- Roles with their user count (the access screen), read with the caller's rights.
create view public.role_summaries with (security_invoker = on) as
  select r.id, r.organization_id, r.key, r.name, r.description, r.is_system, r.created_at,
         (select count(*) from public.user_roles ur where ur.role_id = r.id)::integer as user_count,
         coalesce((select array_agg(rp.permission order by rp.permission) from public.role_permissions rp
                   where rp.role_id = r.id), '{}') as permissions
  from public.roles r;
grant select on public.role_summaries to authenticated, service_role;

alter table public.permissions enable row level security;
alter table public.roles enable row level security;
alter table public.role_permissions enable row level security;
alter table public.user_roles enable row level security;

-- The permission catalogue is reference data every signed-in user may read.
create policy permissions_select on public.permissions for select to authenticated using (true);

-- Staff see the roles of their organisation (assignments are shown in the user list).
create policy roles_select on public.roles for select to authenticated
  using (organization_id = (select private.current_org_id()) or (select private.is_super_admin()));
-- Holders of roles.manage create custom roles in their organisation.
create policy roles_insert on public.roles for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('roles.manage')));
-- Holders of roles.manage rename custom roles (roles_guard protects built-in ones).
create policy roles_update on public.roles for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('roles.manage')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of roles.manage delete custom roles; their assignments go with them.
create policy roles_delete on public.roles for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('roles.manage')));

-- Staff see which permissions the roles of their organisation grant.
create policy role_permissions_select on public.role_permissions for select to authenticated
  using (organization_id = (select private.current_org_id()) or (select private.is_super_admin()));
-- Holders of roles.manage grant permissions to custom roles of their organisation.
create policy role_permissions_insert on public.role_permissions for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('roles.manage')));
-- Holders of roles.manage withdraw permissions from custom roles of their organisation.
create policy role_permissions_delete on public.role_permissions for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('roles.manage')));

-- Staff see who holds which role in their organisation (admin count on the access screen).
create policy user_roles_select on public.user_roles for select to authenticated
  using (organization_id = (select private.current_org_id()) or user_id = (select auth.uid())
         or (select private.is_super_admin()));
-- Holders of roles.manage assign roles within their organisation.
create policy user_roles_insert on public.user_roles for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('roles.manage')));
-- Holders of roles.manage change an assignment within their organisation.
create policy user_roles_update on public.user_roles for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('roles.manage')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of roles.manage revoke roles within their organisation.
create policy user_roles_delete on public.user_roles for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('roles.manage')));

grant select on public.permissions to authenticated;
grant select, insert, update, delete on public.roles, public.user_roles to authenticated;
grant select, insert, delete on public.role_permissions to authenticated;
grant all on public.permissions, public.roles, public.role_permissions, public.user_roles to service_role;
