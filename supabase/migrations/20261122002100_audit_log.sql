-- Audit log: every money-changing or permission-changing write records who, what, before,
-- after and when. Rows are written only by the audit trigger (SECURITY DEFINER); nobody can
-- change or delete them through the API, the service role included.

create table public.audit_log (
  id bigint generated always as identity primary key,
  organization_id uuid references public.organizations (id) on delete cascade,
  actor_id uuid,
  -- 'authenticated', 'service_role', or null for direct database sessions.
  actor_role text,
  table_name text not null,
  record_id text,
  action text not null check (action in ('insert', 'update', 'delete')),
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
comment on table public.audit_log is 'Who changed money or permissions: before/after row images.';
create index audit_log_org_created_idx on public.audit_log (organization_id, created_at desc);
create index audit_log_table_record_idx on public.audit_log (table_name, record_id);

create function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  before_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  after_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  org uuid;
begin
  if tg_op = 'UPDATE' and before_row - 'updated_at' = after_row - 'updated_at' then
    return null; -- nothing but the timestamp changed
  end if;
  -- Secrets never enter the log.
  before_row := before_row - 'key_hash' - 'token';
  after_row := after_row - 'key_hash' - 'token';
  org := coalesce((after_row ->> 'organization_id')::uuid, (before_row ->> 'organization_id')::uuid);
  if tg_table_name = 'organizations' then
    org := coalesce((after_row ->> 'id')::uuid, (before_row ->> 'id')::uuid);
  end if;
  if tg_op = 'DELETE' and not exists (select 1 from public.organizations o where o.id = org) then
    return null; -- the whole organisation is being deleted
  end if;
  insert into public.audit_log (organization_id, actor_id, actor_role, table_name, record_id, action, before, after)
  values (org, auth.uid(), private.request_role(), tg_table_name,
          coalesce(after_row ->> 'id', before_row ->> 'id', after_row ->> 'role_id', before_row ->> 'role_id'),
          lower(tg_op), before_row, after_row);
  return null;
end;
$$;

-- Money: bookings (totals), invoices and lines, payments, unit prices.
create trigger bookings_audit after insert or update or delete on public.bookings
  for each row execute function private.audit_row();
create trigger invoices_audit after insert or update or delete on public.invoices
  for each row execute function private.audit_row();
create trigger invoice_items_audit after insert or update or delete on public.invoice_items
  for each row execute function private.audit_row();
create trigger payments_audit after insert or update or delete on public.payments
  for each row execute function private.audit_row();
create trigger units_audit after update of price_per_night, cleaning_fee, security_deposit on public.units
  for each row execute function private.audit_row();
-- Permissions: roles, their permissions, assignments, users, invitations, API keys, the plan.
create trigger roles_audit after insert or update or delete on public.roles
  for each row execute function private.audit_row();
create trigger role_permissions_audit after insert or delete on public.role_permissions
  for each row execute function private.audit_row();
create trigger user_roles_audit after insert or update or delete on public.user_roles
  for each row execute function private.audit_row();
create trigger profiles_audit after update of status, organization_id, kind or delete on public.profiles
  for each row execute function private.audit_row();
create trigger invitations_audit after insert or update or delete on public.invitations
  for each row execute function private.audit_row();
create trigger api_keys_audit after insert or update or delete on public.api_keys
  for each row execute function private.audit_row();
create trigger organizations_audit after update on public.organizations
  for each row execute function private.audit_row();

alter table public.audit_log enable row level security;

-- Holders of audit.read read their organisation's log; the super administrator reads all.
create policy audit_log_select on public.audit_log for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('audit.read')))
    or (select private.is_super_admin())
  );

grant select on public.audit_log to authenticated;
grant select on public.audit_log to service_role;
