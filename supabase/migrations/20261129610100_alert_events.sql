-- Financial alerts (issue 17), part 2: what an alert is configured with and what it fired.
--
--   * public.alerts gains name_ar (the name in Arabic, optional), window_days (low_occupancy: the
--     next N days it looks at) and last_evaluated_at (when the schedule last looked at it). A
--     BEFORE trigger checks the threshold per type — amounts ≥ 0, percentages 0–100, days ≥ 1 —
--     and refuses with 400 (22023) and a stable key; `condition` follows the type (below for
--     occupancy, revenue target and licence days left, above for the rest) so it always says
--     what the evaluation really does.
--   * public.alert_events: the history, one row per condition episode and subject (the whole
--     organisation, an invoice, a unit, a payment, a month): fired_at, the value against the
--     threshold, resolved_at when the condition cleared (a new episode fires again), and who
--     acknowledged it. Staff with automations.read read them; nobody writes them directly: the
--     evaluation (private.evaluate_alert, 20261129610200) files them and
--     public.acknowledge_alert_event() acknowledges one (automations.write).

alter table public.alerts
  add column name_ar text
    constraint alerts_name_ar_check check (name_ar is null or length(btrim(name_ar)) between 1 and 200),
  add column window_days integer default 30,
  add column last_evaluated_at timestamptz;
-- Only low-occupancy alerts have a window (before the trigger below, which would also check the rest).
update public.alerts set window_days = null where type <> 'low_occupancy';
comment on column public.alerts.name_ar is 'The alert''s name in Arabic (null: the name is shown in both languages).';
comment on column public.alerts.window_days is 'low_occupancy only: how many days from today the occupancy is measured over (1–365, 30 unless given); null for the other types.';
comment on column public.alerts.last_evaluated_at is 'When the alert was last evaluated (the schedule evaluates it again when its frequency is due).';
comment on column public.alerts.threshold is
  'Per type: an amount in SAR (overdue_invoices, outstanding_balance, large_payment, failed_payment, revenue_below_target), a percentage 0–100 (low_occupancy, revenue_drop) or days (invoice_overdue_days, licence_expiring).';

-- The unit a type's threshold is measured in (amount, percent, days).
create function private.alert_threshold_kind(t public.alert_type)
returns text
language sql
immutable
set search_path = ''
as $$
  select case t
    when 'low_occupancy' then 'percent'
    when 'revenue_drop' then 'percent'
    when 'invoice_overdue_days' then 'days'
    when 'licence_expiring' then 'days'
    else 'amount'
  end
$$;
comment on function private.alert_threshold_kind(public.alert_type) is
  'What an alert type''s threshold is: amount (SAR, ≥ 0), percent (0–100) or days (whole, ≥ 1).';
revoke all on function private.alert_threshold_kind(public.alert_type) from public;

-- Checks an alert before it is written. Refusals are 400 (22023) with the SPEC §8 sentence and a
-- stable key: alert_threshold_required, alert_threshold_invalid, alert_window_invalid.
create function private.alerts_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  kind text := private.alert_threshold_kind(new.type);
begin
  new.name := btrim(new.name);
  new.name_ar := nullif(btrim(coalesce(new.name_ar, '')), '');
  if new.threshold is null then
    perform private.fail('Please check your input and try again.', 'alert_threshold_required', '22023');
  end if;
  if (kind = 'amount' and new.threshold < 0)
     or (kind = 'percent' and (new.threshold < 0 or new.threshold > 100))
     or (kind = 'days' and (new.threshold < 1 or new.threshold > 3650 or new.threshold <> trunc(new.threshold))) then
    perform private.fail('Please check your input and try again.', 'alert_threshold_invalid', '22023');
  end if;
  if new.type = 'low_occupancy' then
    if new.window_days is null or new.window_days not between 1 and 365 then
      perform private.fail('Please check your input and try again.', 'alert_window_invalid', '22023');
    end if;
  else
    new.window_days := null;
  end if;
  -- The comparison is the type's own (see private.alert_findings).
  new.condition := case when new.type in ('low_occupancy', 'revenue_below_target', 'licence_expiring')
                        then 'less_than' else 'greater_than' end::public.alert_condition;
  -- A changed type, threshold or window starts over: the next evaluation looks at once.
  if tg_op = 'UPDATE' and (new.type, new.threshold, new.window_days) is distinct from (old.type, old.threshold, old.window_days) then
    new.last_evaluated_at := null;
  end if;
  return new;
end;
$$;
comment on function private.alerts_before_write() is
  'BEFORE INSERT / UPDATE trigger on alerts: threshold required and sensible per type (22023 alert_threshold_required / alert_threshold_invalid), window_days for low_occupancy only (alert_window_invalid), condition set from the type, re-evaluation after a change.';
revoke all on function private.alerts_before_write() from public;

create trigger alerts_before_write before insert or update on public.alerts
  for each row execute function private.alerts_before_write();

create table public.alert_events (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  alert_id uuid not null references public.alerts (id) on delete cascade,
  severity public.alert_severity not null,
  subject_key text not null,
  subject_type text not null
    constraint alert_events_subject_type_check
      check (subject_type in ('organization', 'month', 'invoice', 'unit', 'payment', 'subscription_checkout')),
  subject_id uuid,
  subject_label text,
  subject_label_ar text,
  value numeric(14, 2),
  threshold numeric(14, 2),
  details jsonb not null default '{}' constraint alert_events_details_check check (jsonb_typeof(details) = 'object'),
  fired_at timestamptz not null default now(),
  resolved_at timestamptz,
  acknowledged_at timestamptz,
  acknowledged_by uuid,
  constraint alert_events_acknowledged_check check ((acknowledged_at is null) = (acknowledged_by is null))
);
comment on table public.alert_events is
  'History of financial alerts: one row per condition episode and subject (fired, resolved when the condition cleared, acknowledged by staff).';
comment on column public.alert_events.subject_key is
  'What the episode is about: organization, month:YYYY-MM, invoice:<id>, unit:<id>:<expiry>, payment:<id>, checkout:<id>. At most one open (unresolved) episode per alert and key.';
comment on column public.alert_events.subject_id is 'The invoice, unit, payment or subscription checkout the event is about (null for the whole organisation).';
comment on column public.alert_events.value is 'The measured value when it fired (SAR, percent or days, as the threshold).';
comment on column public.alert_events.severity is 'The alert''s severity when it fired.';
comment on column public.alert_events.resolved_at is 'When the condition cleared (null: still true). A later episode is a new row.';

-- One open episode per alert and subject: evaluating twice fires once.
create unique index alert_events_open_idx on public.alert_events (alert_id, subject_key) where resolved_at is null;
create index alert_events_org_fired_idx on public.alert_events (organization_id, fired_at desc);
create index alert_events_org_unacknowledged_idx on public.alert_events (organization_id)
  where acknowledged_at is null and resolved_at is null;

alter table public.alert_events enable row level security;

-- Staff holding automations.read read the alert history of their organisation; the super administrator reads all.
create policy alert_events_select on public.alert_events for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('automations.read')))
    or (select private.is_super_admin())
  );
-- No insert, update or delete policy: the evaluation files events, acknowledge_alert_event() acknowledges.

grant select on public.alert_events to authenticated;
grant all on public.alert_events to service_role;

-- Acknowledges one event of the caller's organisation (automations.write). Unknown, another
-- organisation's, or unreadable → 404 alert_event_not_found. Acknowledging twice keeps the first.
create function public.acknowledge_alert_event(event_id uuid)
returns public.alert_events
language plpgsql
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
  e public.alert_events;
begin
  if org is null then
    perform private.fail('Organization access required.', 'organization_access_required', '42501');
  end if;
  if not private.has_permission('automations.read') then
    perform private.fail('Alert not found', 'alert_event_not_found', 'PT404');
  end if;
  if not private.has_permission('automations.write') then
    perform private.fail('Permission denied. Contact administrator.', 'automations_write_required', '42501');
  end if;
  update public.alert_events x
     set acknowledged_at = coalesce(x.acknowledged_at, now()),
         acknowledged_by = coalesce(x.acknowledged_by, auth.uid())
   where x.id = acknowledge_alert_event.event_id and x.organization_id = org
  returning x.* into e;
  if e.id is null then
    perform private.fail('Alert not found', 'alert_event_not_found', 'PT404');
  end if;
  return e;
end;
$$;
comment on function public.acknowledge_alert_event(uuid) is
  'Marks a fired alert of the caller''s organisation acknowledged (automations.write; 404 alert_event_not_found when unknown or not theirs). Idempotent.';
revoke all on function public.acknowledge_alert_event(uuid) from public, anon;
grant execute on function public.acknowledge_alert_event(uuid) to authenticated, service_role;
