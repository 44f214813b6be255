-- Automation rules and financial alerts (SPEC §3). Edge functions evaluate them; here they
-- are configuration whose vocabularies are enums (20261122000200_enums.sql).

create table public.automation_rules (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  trigger public.automation_trigger not null,
  action public.automation_action not null,
  is_active boolean not null default true,
  conditions jsonb not null default '{}',
  action_config jsonb not null default '{}',
  last_run_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.automation_rules is 'When <trigger> happens, do <action>.';
create index automation_rules_organization_id_idx on public.automation_rules (organization_id);
create trigger automation_rules_touch before update on public.automation_rules
  for each row execute function private.touch_updated_at();

create table public.alerts (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  type public.alert_type not null,
  threshold numeric(14, 2),
  frequency public.alert_frequency not null default 'daily',
  condition public.alert_condition not null default 'greater_than',
  severity public.alert_severity not null default 'medium',
  is_active boolean not null default true,
  last_triggered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.alerts is 'Financial alerts: name, type, threshold, frequency, condition, severity.';
create index alerts_organization_id_idx on public.alerts (organization_id);
create trigger alerts_touch before update on public.alerts
  for each row execute function private.touch_updated_at();

alter table public.automation_rules enable row level security;

-- Staff holding automations.read read the automation rules of their organisation; the super administrator reads all.
create policy automation_rules_select on public.automation_rules for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.read')))
    or (select private.is_super_admin())
  );
-- Holders of automations.write add automation rules to their own organisation only.
create policy automation_rules_insert on public.automation_rules for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.write')));
-- Holders of automations.write edit automation rules of their organisation; rows cannot be moved to another one.
create policy automation_rules_update on public.automation_rules for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of automations.write delete automation rules of their organisation.
create policy automation_rules_delete on public.automation_rules for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.write')));

alter table public.alerts enable row level security;

-- Staff holding automations.read read the alerts of their organisation; the super administrator reads all.
create policy alerts_select on public.alerts for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.read')))
    or (select private.is_super_admin())
  );
-- Holders of automations.write add alerts to their own organisation only.
create policy alerts_insert on public.alerts for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.write')));
-- Holders of automations.write edit alerts of their organisation; rows cannot be moved to another one.
create policy alerts_update on public.alerts for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of automations.write delete alerts of their organisation.
create policy alerts_delete on public.alerts for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.write')));

grant select, insert, update, delete on public.automation_rules, public.alerts to authenticated;
grant all on public.automation_rules, public.alerts to service_role;
