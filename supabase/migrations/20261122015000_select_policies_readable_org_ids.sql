-- Select policies through one helper, private.readable_org_ids(permission).
--
-- The select policies of 20261122000400…002100 were written as
--   (organization_id = current_org_id() and has_permission('x.read')) or is_super_admin()
-- The `or` keeps Postgres from using the organization_id indexes (it cannot split the policy into
-- an index condition), which forced sequential scans of every staff list.
-- `organization_id = any (readable_org_ids('x.read'))` is evaluated once per statement (an
-- initplan) and is an index condition. Same rows for everyone: own organisation with the
-- permission, every organisation for the super administrator.
--
-- This change was first made inside those older migrations; they are applied history on existing
-- databases, so it lives here instead and those files stay as they were shipped.

-- The organisations whose rows the caller may read: their own (if they hold `permission`,
-- when one is given), or every organisation for the super administrator. Select policies use
-- `organization_id = any ((select private.readable_org_ids('x.read'))::uuid[])`: one initplan,
-- and unlike `… or is_super_admin()` it keeps the organization_id index usable.
create function private.readable_org_ids(permission text default null)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org uuid;
begin
  if private.is_super_admin() then
    return coalesce((select array_agg(o.id) from public.organizations o), '{}'::uuid[]);
  end if;
  org := private.current_org_id();
  if org is null or (permission is not null and not private.has_permission(permission)) then
    return '{}'::uuid[];
  end if;
  return array[org];
end;
$$;
revoke all on function private.readable_org_ids(text) from public;
grant execute on function private.readable_org_ids(text) to anon, authenticated, service_role;

-- From 20261122000400_organizations.sql:
-- Staff read their own organisation; the super administrator reads every organisation.
drop policy organizations_select on public.organizations;
create policy organizations_select on public.organizations for select to authenticated
  using (id = any ((select private.readable_org_ids())::uuid[]));

-- From 20261122000500_profiles.sql:
-- Everyone reads their own profile; staff read their colleagues (assignee pickers, user
-- list); the super administrator reads all.
drop policy profiles_select on public.profiles;
create policy profiles_select on public.profiles for select to authenticated
  using (
    user_id = (select auth.uid())
    or organization_id = any ((select private.readable_org_ids())::uuid[])
  );

-- From 20261122000600_roles_and_permissions.sql:
-- Staff see the roles of their organisation (assignments are shown in the user list).
drop policy roles_select on public.roles;
create policy roles_select on public.roles for select to authenticated
  using (organization_id = any ((select private.readable_org_ids())::uuid[]));
-- Staff see which permissions the roles of their organisation grant.
drop policy role_permissions_select on public.role_permissions;
create policy role_permissions_select on public.role_permissions for select to authenticated
  using (organization_id = any ((select private.readable_org_ids())::uuid[]));
-- Staff see who holds which role in their organisation (admin count on the access screen).
drop policy user_roles_select on public.user_roles;
create policy user_roles_select on public.user_roles for select to authenticated
  using (organization_id = any ((select private.readable_org_ids())::uuid[]) or user_id = (select auth.uid()));

-- From 20261122000700_invitations.sql:
-- Holders of users.manage see their organisation's invitations (the pending users).
drop policy invitations_select on public.invitations;
create policy invitations_select on public.invitations for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('users.manage'))::uuid[])
  );

-- From 20261122000800_vendors.sql:
-- Staff holding vendors.read see which vendors their organisation works with; vendor users
-- see the organisations they work for; the super administrator sees all.
drop policy organization_vendors_select on public.organization_vendors;
create policy organization_vendors_select on public.organization_vendors for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('vendors.read'))::uuid[])
    or vendor_id = any ((select private.current_vendor_ids())::uuid[])
  );

-- From 20261122000900_units.sql:
-- Staff holding units.read read the units of their organisation; vendor users read the units of tasks assigned to their vendor; the super administrator reads all.
drop policy units_select on public.units;
create policy units_select on public.units for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('units.read'))::uuid[])
    or id = any ((select private.vendor_unit_ids())::uuid[])
  );
-- Staff holding units.read read the unit photos of their organisation; the super administrator reads all.
drop policy unit_photos_select on public.unit_photos;
create policy unit_photos_select on public.unit_photos for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('units.read'))::uuid[])
  );

-- From 20261122001000_clients.sql:
-- Staff holding clients.read read the clients of their organisation; the super administrator reads all.
drop policy clients_select on public.clients;
create policy clients_select on public.clients for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('clients.read'))::uuid[])
  );

-- From 20261122001100_bookings.sql:
-- Staff holding bookings.read read the bookings of their organisation; the super administrator reads all.
drop policy bookings_select on public.bookings;
create policy bookings_select on public.bookings for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('bookings.read'))::uuid[])
  );

-- From 20261122001200_invoices.sql:
-- Staff holding invoices.read read the invoices of their organisation; the super administrator reads all.
drop policy invoices_select on public.invoices;
create policy invoices_select on public.invoices for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('invoices.read'))::uuid[])
  );
-- Staff holding invoices.read read the invoice lines of their organisation; the super administrator reads all.
drop policy invoice_items_select on public.invoice_items;
create policy invoice_items_select on public.invoice_items for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('invoices.read'))::uuid[])
  );

-- From 20261122001300_payments.sql:
-- Staff holding payments.read read the payments of their organisation; the super administrator reads all.
drop policy payments_select on public.payments;
create policy payments_select on public.payments for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('payments.read'))::uuid[])
  );

-- From 20261122001400_tasks.sql:
-- Staff holding tasks.read read the tasks of their organisation; vendor users read the tasks assigned to their vendor; the super administrator reads all.
drop policy tasks_select on public.tasks;
create policy tasks_select on public.tasks for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('tasks.read'))::uuid[])
    or vendor_id = any ((select private.current_vendor_ids())::uuid[])
  );

-- From 20261122001500_public_sites_and_reviews.sql:
-- Staff read their organisation's site; signed-in users may also read any enabled site (the
-- public page works the same signed in or not); the super administrator reads all.
drop policy public_sites_select on public.public_sites;
create policy public_sites_select on public.public_sites for select to authenticated
  using (organization_id = any ((select private.readable_org_ids())::uuid[]) or enabled);
-- Staff read all reviews of their organisation; the super administrator reads all.
drop policy reviews_select on public.reviews;
create policy reviews_select on public.reviews for select to authenticated
  using (organization_id = any ((select private.readable_org_ids())::uuid[]));

-- From 20261122001600_channels_and_integrations.sql:
-- Staff holding channels.read read the OTA connections of their organisation; the super administrator reads all.
drop policy ota_connections_select on public.ota_connections;
create policy ota_connections_select on public.ota_connections for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('channels.read'))::uuid[])
  );
-- Staff holding integrations.read read the integrations of their organisation; the super administrator reads all.
drop policy integrations_select on public.integrations;
create policy integrations_select on public.integrations for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('integrations.read'))::uuid[])
  );

-- From 20261122001700_automation_and_alerts.sql:
-- Staff holding automations.read read the automation rules of their organisation; the super administrator reads all.
drop policy automation_rules_select on public.automation_rules;
create policy automation_rules_select on public.automation_rules for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('automations.read'))::uuid[])
  );
-- Staff holding automations.read read the alerts of their organisation; the super administrator reads all.
drop policy alerts_select on public.alerts;
create policy alerts_select on public.alerts for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('automations.read'))::uuid[])
  );

-- From 20261122001800_lock_passcodes.sql:
-- Staff holding locks.read read the passcodes of their organisation; the super administrator reads all.
drop policy lock_passcodes_select on public.lock_passcodes;
create policy lock_passcodes_select on public.lock_passcodes for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('locks.read'))::uuid[])
  );

-- From 20261122001900_messages.sql:
-- Staff holding messages.read read the messages of their organisation; the super administrator reads all.
drop policy messages_select on public.messages;
create policy messages_select on public.messages for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('messages.read'))::uuid[])
  );

-- From 20261122002100_audit_log.sql:
-- Holders of audit.read read their organisation's log; the super administrator reads all.
drop policy audit_log_select on public.audit_log;
create policy audit_log_select on public.audit_log for select to authenticated
  using (
    organization_id = any ((select private.readable_org_ids('audit.read'))::uuid[])
  );
