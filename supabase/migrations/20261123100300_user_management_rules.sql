-- Managing people follows the same rule as granting roles (issue 10, item 2): a holder of
-- users.manage deactivates, reactivates or removes only someone whose every role they could
-- grant themselves (20261123100000_grant_only_what_you_hold.sql). So a non-admin cannot switch
-- off or remove an administrator, and cannot restore someone to permissions they do not hold.
--
-- It also closes a gap in the existing guarantees: removing a profile cascades to its
-- user_roles, and by the time user_roles_guard runs the profile is gone, so its "last
-- administrator" and "the owner stays an administrator" checks saw nobody to protect — a
-- users.manage holder could delete the owner and every administrator. Now:
--  * the organisation's owner can be neither deactivated nor removed through the API (the
--    owner changes only through support, organizations_guard);
--  * the last active administrator cannot be removed (deactivating is already refused by
--    profiles_guard).
-- There is no role column on profiles: roles live in user_roles only
-- (20261123100200_roles_grant_rules.sql).

-- Named to sort after profiles_guard, whose answers (profile_immutable, users_manage_required,
-- last_admin) come first and stay as they were.
create function private.profiles_manage_guard()
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
     and private.user_is_admin(old.user_id, old.organization_id)
     and private.active_admin_count(old.organization_id, old.user_id) = 0 then
    perform private.fail('An organization must keep at least one administrator', 'last_admin');
  end if;
  return coalesce(new, old);
end;
$$;
comment on function private.profiles_manage_guard() is
  'Deactivating, reactivating or removing another user needs the right to grant all their roles; the owner and the last administrator stay.';
revoke all on function private.profiles_manage_guard() from public;
create trigger profiles_manage_guard before update or delete on public.profiles
  for each row execute function private.profiles_manage_guard();
