-- Tenancy helpers: the one place that answers "which organisation is the caller in" and
-- "may the caller do X". Every RLS policy calls these through `(select private.fn())`, so
-- Postgres evaluates them once per statement (an initplan), not once per row.
--
-- They are SECURITY DEFINER (they read profiles/user_roles, which RLS would otherwise
-- filter recursively), STABLE, and pin `search_path = ''` so every name is schema-qualified.
-- They are written in plpgsql so this file can precede the tables it reads.

-- The role in the caller's JWT: 'anon', 'authenticated', 'service_role', or null when there
-- is no request context (migrations, seed, a direct database session).
create function private.request_role()
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  return nullif(auth.jwt() ->> 'role', '');
end;
$$;

-- Trusted callers: edge functions (service role) and direct database sessions. Guards that
-- stop browser users (e.g. changing a subscription plan) let these through.
create function private.is_trusted()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return coalesce(private.request_role(), 'service_role') = 'service_role'
    -- Set (transaction-locally) by this project's own SECURITY DEFINER functions after they
    -- have validated the caller; PostgREST cannot call set_config, so browsers cannot set it.
    or coalesce(current_setting('nuzl.trusted_call', true), '') = 'on';
end;
$$;

-- The platform super administrator. The claim lives in app_metadata, which only the service
-- role can write (users can edit user_metadata, never app_metadata; lint 0015).
create function private.is_super_admin()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') = 'super_admin';
end;
$$;

-- The organisation of the signed-in staff member, or null (anon, vendors, inactive users).
create function private.current_org_id()
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
  where p.user_id = auth.uid() and p.kind = 'staff' and p.status = 'active';
  return org;
end;
$$;

-- Does the caller hold `permission` in their organisation? Administrators hold every
-- permission implicitly, so permissions added by later migrations need no back-fill.
create function private.has_permission(permission text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
begin
  if org is null then
    return false;
  end if;
  return exists (
    select 1
    from public.user_roles ur
    join public.roles r on r.id = ur.role_id
    where ur.user_id = auth.uid()
      and ur.organization_id = org
      and (r.key = 'admin'
           or exists (select 1 from public.role_permissions rp
                      where rp.role_id = r.id and rp.permission = has_permission.permission))
  );
end;
$$;

-- Is the caller an administrator of their organisation?
create function private.is_org_admin()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1
    from public.user_roles ur
    join public.roles r on r.id = ur.role_id
    where ur.user_id = auth.uid()
      and ur.organization_id = private.current_org_id()
      and r.key = 'admin'
  );
end;
$$;

-- Vendors the caller works for (vendor users; empty for everyone else).
create function private.current_vendor_ids()
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(
    (select array_agg(vm.vendor_id) from public.vendor_members vm
     join public.profiles p on p.user_id = vm.user_id
     where vm.user_id = auth.uid() and p.status = 'active'),
    '{}'::uuid[]);
end;
$$;

-- Units a vendor user may see: those of tasks assigned to their vendor(s).
create function private.vendor_unit_ids()
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(
    (select array_agg(distinct t.unit_id) from public.tasks t
     where t.vendor_id = any (private.current_vendor_ids()) and t.unit_id is not null),
    '{}'::uuid[]);
end;
$$;

-- Organisations whose public booking site is enabled (what visitors may read).
create function private.public_org_ids()
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(
    (select array_agg(s.organization_id) from public.public_sites s where s.enabled),
    '{}'::uuid[]);
end;
$$;

-- Policies run as the caller, so the caller needs EXECUTE on what they call.
revoke all on all functions in schema private from public;
grant execute on function
  private.request_role(), private.is_trusted(), private.is_super_admin(), private.current_org_id(),
  private.has_permission(text), private.is_org_admin(), private.current_vendor_ids(),
  private.vendor_unit_ids(), private.public_org_ids()
  to anon, authenticated, service_role;
grant execute on function private.round_money(numeric) to authenticated, service_role;

-- A raise helper that gives every business-rule error the same shape: a message the UI can
-- show as is (SPEC §5/§8 wording where SPEC has one) and a stable machine key in HINT.
create function private.fail(message text, key text, code text default 'P0001')
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using message = fail.message, hint = fail.key, errcode = fail.code;
end;
$$;
grant execute on function private.fail(text, text, text) to anon, authenticated, service_role;
