-- Roles hold and hand out only what their manager holds (issue 10, item 2).
--
-- Until now a holder of roles.manage could create a custom role, give it all 32 permissions,
-- assign it to themselves and go on to create API keys. The rule of
-- 20261123100000_grant_only_what_you_hold.sql now applies to every table that shapes who holds
-- what; trusted callers (service role, migrations, seed, our own validated functions) pass.
--
--  * role_permissions (insert, update, delete): only a permission the caller holds goes into or
--    out of a role — their own role included, so editing a role that is already assigned to
--    you or to others can never raise anyone above you. Taking a permission out is managed the
--    same way: you manage only permissions inside your own set.
--  * roles (update, delete of custom roles): only a role the caller may grant (all its
--    permissions held), since renaming or deleting it changes what its holders have. Built-in
--    roles stay immutable (roles_guard). A new role starts empty, so creating one is free.
--  * user_roles (insert, update, delete): assigning, moving (another role or another person)
--    and revoking need the caller to be able to grant the role(s) involved; the administrator
--    role only by administrators — revoking it too, which was open to any roles.manage holder.
--    assigned_by is the caller, never what the request says. The last-admin and owner rules of
--    user_roles_guard still apply after these checks.
--
-- Rows removed by a cascade (a role deleted with its permissions and assignments) are not
-- checked again: the delete of the role itself was.

create function private.role_permissions_grant_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_trusted() then
    return coalesce(new, old);
  end if;
  if tg_op in ('UPDATE', 'DELETE')
     and exists (select 1 from public.roles r where r.id = old.role_id) then
    if not private.has_permission(old.permission) then
      perform private.fail('You can only add or remove permissions you hold yourself', 'permission_grant_forbidden', '42501');
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and not private.has_permission(new.permission) then
    perform private.fail('You can only add or remove permissions you hold yourself', 'permission_grant_forbidden', '42501');
  end if;
  return coalesce(new, old);
end;
$$;
comment on function private.role_permissions_grant_guard() is
  'A browser user adds to or removes from a role only permissions they hold (role edits never raise anyone above the editor).';
revoke all on function private.role_permissions_grant_guard() from public;
create trigger role_permissions_grant_guard before insert or update or delete on public.role_permissions
  for each row execute function private.role_permissions_grant_guard();

create function private.roles_grant_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Built-in roles are roles_guard's (system_role_immutable); new roles start empty.
  if private.is_trusted() or old.key is not null then
    return coalesce(new, old);
  end if;
  perform private.require_may_grant_role(old.id);
  return coalesce(new, old);
end;
$$;
comment on function private.roles_grant_guard() is
  'A browser user renames or deletes only custom roles whose every permission they hold.';
revoke all on function private.roles_grant_guard() from public;
create trigger roles_grant_guard before update or delete on public.roles
  for each row execute function private.roles_grant_guard();

-- Sorts before user_roles_guard, so a refused grant is answered before the last-admin checks.
create function private.user_roles_grant_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_trusted() then
    return coalesce(new, old);
  end if;
  if tg_op = 'DELETE' then
    if exists (select 1 from public.roles r where r.id = old.role_id) then
      perform private.require_may_grant_role(old.role_id);
    end if;
    return old;
  end if;
  if tg_op = 'UPDATE' and (new.role_id is distinct from old.role_id or new.user_id is distinct from old.user_id) then
    -- Moving an assignment takes it from someone (revoking) and gives it (granting).
    perform private.require_may_grant_role(old.role_id);
  end if;
  if tg_op = 'INSERT' or new.role_id is distinct from old.role_id or new.user_id is distinct from old.user_id then
    perform private.require_may_grant_role(new.role_id);
    new.assigned_by := auth.uid();
  else
    new.assigned_by := old.assigned_by;
  end if;
  return new;
end;
$$;
comment on function private.user_roles_grant_guard() is
  'A browser user assigns, moves or revokes only roles they may grant (all permissions held; admin role only by admins); assigned_by is the caller.';
revoke all on function private.user_roles_grant_guard() from public;
create trigger user_roles_grant_guard before insert or update or delete on public.user_roles
  for each row execute function private.user_roles_grant_guard();
