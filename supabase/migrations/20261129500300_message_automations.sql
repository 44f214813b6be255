-- Automatic guest messages on or off (issue 16, Settings → Messages): one row per organisation and
-- guest notice kind. A disabled kind files no notice (private.guest_notice_wanted, 20261129500900).
-- days: pre_arrival = days before check-in (0–14, default 2); invoice_overdue = days after the due
-- date (1–60, default 3); null for the other kinds.

create table public.message_automations (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  kind public.guest_notice_kind not null,
  enabled boolean not null default true,
  days smallint,
  updated_at timestamptz not null default now(),
  primary key (organization_id, kind),
  constraint message_automations_days_check check (
    case kind
      when 'pre_arrival' then days between 0 and 14
      when 'invoice_overdue' then days between 1 and 60
      else days is null
    end)
);
comment on table public.message_automations is
  'Per organisation and automatic guest message kind: sent or not, and the days offset of pre_arrival / invoice_overdue.';
comment on column public.message_automations.days is
  'pre_arrival: days before check-in (0–14); invoice_overdue: days after the due date (1–60); null otherwise.';

create trigger message_automations_touch before update on public.message_automations
  for each row execute function private.touch_updated_at();

alter table public.message_automations enable row level security;

-- Staff holding messages.read see which automatic messages go out; the super administrator reads all.
create policy message_automations_select on public.message_automations for select to authenticated
  using (organization_id = any ((select private.readable_org_ids('messages.read'))::uuid[]));
-- Holders of settings.manage turn their organisation's automatic messages on or off and set the
-- days; rows are created by the database (one per kind), never added or removed by browsers.
create policy message_automations_update on public.message_automations for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('settings.manage')))
  with check (organization_id = (select private.current_org_id()));

grant select on public.message_automations to authenticated;
grant update (enabled, days) on public.message_automations to authenticated;
grant all on public.message_automations to service_role;

-- Every kind of the enum, with its default days.
create function private.add_message_automations(org uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.message_automations (organization_id, kind, days)
  select org, k.kind, case k.kind when 'pre_arrival' then 2 when 'invoice_overdue' then 3 end
  from unnest(enum_range(null::public.guest_notice_kind)) as k(kind)
  on conflict do nothing
$$;
comment on function private.add_message_automations(uuid) is
  'Gives an organisation one message_automations row per guest notice kind it lacks (enabled, default days).';
revoke all on function private.add_message_automations(uuid) from public;

create function private.organizations_message_automations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_message_automations(new.id);
  return null;
end;
$$;
comment on function private.organizations_message_automations() is
  'AFTER INSERT trigger on organizations: the organisation''s automatic message switches (all on).';
revoke all on function private.organizations_message_automations() from public;

create trigger organizations_message_automations after insert on public.organizations
  for each row execute function private.organizations_message_automations();

select private.add_message_automations(o.id) from public.organizations o;

-- Settings → Messages: turn an automatic message on or off and set its days (settings.manage).
-- days null keeps the stored value.
create function public.set_message_automation(kind public.guest_notice_kind, enabled boolean, days smallint default null)
returns public.message_automations
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  saved public.message_automations;
begin
  if org is null or not private.has_permission('settings.manage') then
    perform private.fail('Permission denied. Contact administrator.', 'settings_manage_required', '42501');
  end if;
  if enabled is null then
    perform private.fail('Please fill in all fields', 'fields_required', '22023');
  end if;
  if days is not null and not (
       (kind = 'pre_arrival' and days between 0 and 14) or (kind = 'invoice_overdue' and days between 1 and 60)) then
    perform private.fail('Please check your input', 'invalid_input', '22023');
  end if;
  perform private.add_message_automations(org);
  update public.message_automations a
     set enabled = set_message_automation.enabled, days = coalesce(set_message_automation.days, a.days)
   where a.organization_id = org and a.kind = set_message_automation.kind
  returning a.* into saved;
  return saved;
end;
$$;
comment on function public.set_message_automation(public.guest_notice_kind, boolean, smallint) is
  'Settings → Messages (settings.manage): turns an automatic guest message on or off and sets its days (pre_arrival 0–14, invoice_overdue 1–60).';
revoke all on function public.set_message_automation(public.guest_notice_kind, boolean, smallint) from public, anon;
grant execute on function public.set_message_automation(public.guest_notice_kind, boolean, smallint) to authenticated;
