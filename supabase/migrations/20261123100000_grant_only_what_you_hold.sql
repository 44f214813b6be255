-- One rule for every way a person gains power inside an organisation (issue 10, items 1 and 2):
-- nobody grants — by inviting, assigning or editing a role — a role or a permission they do not
-- hold themselves, and the administrator role is handed out only by administrators.
--
-- These helpers answer "may this user grant that role?" for any active staff member, not only
-- for the caller, because accept_invitation() asks it about the inviter while the invitee is the
-- one signed in. The guards that use them live next to their tables (20261123100100 for
-- invitations, 20261123100200 for roles and assignments).

-- Is `uid` an active staff member of `org`? Inactive and pending people grant nothing.
create function private.user_is_active_staff(uid uuid, org uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles p
    where p.user_id = uid and p.organization_id = org and p.kind = 'staff' and p.status = 'active')
$$;
comment on function private.user_is_active_staff(uuid, uuid) is
  'Is the user an active staff member of the organisation (the only people who can grant anything)?';

-- Is `uid` an administrator of `org`? The same rule as private.is_org_admin(), for any user.
create function private.user_is_admin(uid uuid, org uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.user_is_active_staff(uid, org) and exists (
    select 1 from public.user_roles ur
    join public.roles r on r.id = ur.role_id
    where ur.user_id = uid and ur.organization_id = org and r.key = 'admin')
$$;
comment on function private.user_is_admin(uuid, uuid) is
  'Is the user an active administrator of the organisation? (is_org_admin() for someone other than the caller.)';

-- Does `uid` hold `permission` in `org`? The same rule as private.has_permission(): the union
-- of the user's roles, and everything for administrators.
create function private.user_has_permission(uid uuid, org uuid, permission text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.user_is_active_staff(uid, org) and exists (
    select 1 from public.user_roles ur
    join public.roles r on r.id = ur.role_id
    where ur.user_id = uid and ur.organization_id = org
      and (r.key = 'admin'
           or exists (select 1 from public.role_permissions rp
                      where rp.role_id = r.id and rp.permission = user_has_permission.permission)))
$$;
comment on function private.user_has_permission(uuid, uuid, text) is
  'Does the user hold the permission in the organisation? (has_permission() for someone other than the caller.)';

-- May `uid` grant role `role_id` of `org`? Administrators may grant every role of their
-- organisation. Anyone else only a role that is not the administrator role and whose every
-- permission they hold themselves (a role with no permissions grants nothing, so any active
-- staff member may grant it). The permission to grant at all (users.manage for invitations,
-- roles.manage for assignments) is checked by the policies, not here.
create function private.user_may_grant_role(uid uuid, org uuid, role_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.roles r where r.id = user_may_grant_role.role_id and r.organization_id = org)
    and (private.user_is_admin(uid, org)
         or (private.user_is_active_staff(uid, org)
             and not exists (select 1 from public.roles r where r.id = user_may_grant_role.role_id and r.key = 'admin')
             and not exists (select 1 from public.role_permissions rp
                             where rp.role_id = user_may_grant_role.role_id
                               and not private.user_has_permission(uid, org, rp.permission))))
$$;
comment on function private.user_may_grant_role(uuid, uuid, uuid) is
  'May the user grant this role: an administrator, or a staff member holding every permission of a non-admin role?';

-- The caller's version, for the guards: may the signed-in user grant this role in their
-- organisation? Raises the refusal itself so every path answers with the same key: the
-- administrator role → admin_role_required (as before), any other role → role_grant_forbidden.
create function private.require_may_grant_role(role_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
begin
  if org is not null and private.user_may_grant_role(auth.uid(), org, require_may_grant_role.role_id) then
    return;
  end if;
  if exists (select 1 from public.roles r where r.id = require_may_grant_role.role_id and r.key = 'admin') then
    perform private.fail('Only administrators can assign the administrator role', 'admin_role_required', '42501');
  end if;
  perform private.fail('You can only give out roles whose permissions you hold yourself', 'role_grant_forbidden', '42501');
end;
$$;
comment on function private.require_may_grant_role(uuid) is
  'Refuses (42501 admin_role_required / role_grant_forbidden) unless the caller may grant the role.';

revoke all on function private.user_is_active_staff(uuid, uuid), private.user_is_admin(uuid, uuid),
  private.user_has_permission(uuid, uuid, text), private.user_may_grant_role(uuid, uuid, uuid),
  private.require_may_grant_role(uuid)
  from public;
