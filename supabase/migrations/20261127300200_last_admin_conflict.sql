-- The last administrator (issue 14, Users): an organisation always keeps one active administrator,
-- who can be neither deactivated, removed nor demoted. The rule exists (profiles_guard,
-- profiles_manage_guard, user_roles_guard); two things change:
--
--   * the refusal is a conflict with the organisation's current state, so SQLSTATE PT409 (HTTP
--     409) instead of P0001 (400); the message and the HINT key `last_admin` stay;
--   * the count is taken under a lock of the organisation's row, so two administrators switching
--     each other off at the same moment cannot both pass (each saw the other still active) and
--     leave nobody. check_user_limit takes the same lock.
--
-- The bodies are the live ones (20261122000500, 20261123100300, 20261122000600) with only that
-- changed.

-- Serialises every "is someone else still an administrator?" question of one organisation.
create function private.lock_organization(org uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.organizations o where o.id = org for update;
end;
$$;
comment on function private.lock_organization(uuid) is
  'Locks an organisation''s row until the end of the transaction (last-administrator and plan-seat counts).';
revoke all on function private.lock_organization(uuid) from public;

create or replace function private.profiles_guard()
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
                   where ur.user_id = old.user_id and r.key = 'admin') then
      perform private.lock_organization(old.organization_id);
      if private.active_admin_count(old.organization_id, old.user_id) = 0 then
        perform private.fail('An organization must keep at least one administrator', 'last_admin', 'PT409');
      end if;
    end if;
  end if;
  return new;
end;
$$;

create or replace function private.profiles_manage_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_trusted() then
    return coalesce(new, old);
  end if;
  if tg_op = 'UPDATE' and new.status is not distinct from old.status then
    return new;
  end if;
  if old.kind <> 'staff' or old.organization_id is null then
    return coalesce(new, old);
  end if;
  if (tg_op = 'DELETE' or new.status <> 'active')
     and exists (select 1 from public.organizations o where o.id = old.organization_id and o.owner_id = old.user_id) then
    perform private.fail('The organization owner cannot be deactivated or removed', 'owner_protected', '42501');
  end if;
  if old.user_id is distinct from auth.uid()
     and exists (select 1 from public.user_roles ur
                 where ur.user_id = old.user_id and ur.organization_id = old.organization_id
                   and not private.user_may_grant_role(auth.uid(), old.organization_id, ur.role_id)) then
    perform private.fail('You cannot change a user who holds permissions you do not have', 'user_manage_forbidden', '42501');
  end if;
  if tg_op = 'DELETE' and old.status = 'active'
     and private.user_is_admin(old.user_id, old.organization_id) then
    perform private.lock_organization(old.organization_id);
    if private.active_admin_count(old.organization_id, old.user_id) = 0 then
      perform private.fail('An organization must keep at least one administrator', 'last_admin', 'PT409');
    end if;
  end if;
  return coalesce(new, old);
end;
$$;

create or replace function private.user_roles_guard()
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
    if exists (select 1 from public.profiles p where p.user_id = old.user_id and p.status = 'active') then
      perform private.lock_organization(old.organization_id);
      if private.active_admin_count(old.organization_id, old.user_id) = 0 then
        perform private.fail('An organization must keep at least one administrator', 'last_admin', 'PT409');
      end if;
    end if;
    if exists (select 1 from public.organizations o where o.id = old.organization_id and o.owner_id = old.user_id)
       and exists (select 1 from public.profiles p where p.user_id = old.user_id) then
      perform private.fail('The organization owner must remain an administrator', 'owner_admin');
    end if;
  end if;
  return coalesce(new, old);
end;
$$;
