-- Notifications (issue 14), part 1: which events reach whom by which channel.
--
--   * public.notification_event / public.notification_channel: enums, so later work extends them
--     with `alter type … add value` (the messaging work adds 'sms' and 'whatsapp', the financial
--     alerts of issue 17 add their event) without touching these tables.
--   * public.notification_rules: one row per organisation × event × channel — on or off, the roles
--     whose active members receive it (built-in and custom), and for task events the people of the
--     task (its assignee, its creator). Every organisation has every row: new organisations get the
--     defaults by trigger (the built-in roles join their defaults as they are created), existing
--     ones are backfilled here. Members read them; administrators (settings.manage) edit them.
--   * public.notification_mutes: a member's own opt-out of an event on a channel (e.g. no e-mails
--     about new bookings), whatever the organisation's rules say.

create type public.notification_event as enum (
  'booking_created', 'booking_requested', 'arrivals_today', 'invoice_overdue',
  'task_assigned', 'task_completed', 'review_received');
comment on type public.notification_event is
  'What a staff notification tells (rendered client-side and by the notify edge function from the event and its params).';

create type public.notification_channel as enum ('in_app', 'email');
comment on type public.notification_channel is
  'How a staff notification reaches its recipient: the header''s list (in_app) or e-mail; SMS and WhatsApp are added by the messaging work.';

create table public.notification_rules (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  event public.notification_event not null,
  channel public.notification_channel not null,
  enabled boolean not null default true,
  role_ids uuid[] not null default '{}',
  notify_assignee boolean not null default false,
  notify_creator boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid default auth.uid(),
  constraint notification_rules_pkey primary key (organization_id, event, channel),
  constraint notification_rules_role_ids_check check (cardinality(role_ids) <= 50)
);
comment on table public.notification_rules is
  'Per organisation, event and channel: whether the notification is sent and to whom (members of role_ids; for task events the assignee and/or the creator).';
comment on column public.notification_rules.role_ids is 'Roles (built-in or custom) of the organisation whose active members receive the event.';
comment on column public.notification_rules.notify_assignee is 'Task events: the task''s assignee receives it too.';
comment on column public.notification_rules.notify_creator is 'Task events: whoever created the task receives it too.';

alter table public.notification_rules enable row level security;

-- Every active member reads the rules (the settings tab shows them read-only without settings.manage).
create policy notification_rules_select on public.notification_rules for select to authenticated
  using (organization_id = any ((select private.readable_org_ids())::uuid[]));

-- Administrators (settings.manage) of the organisation switch rules and choose recipients. No insert
-- or delete: the rows exist for every event × channel (trigger and backfill below).
create policy notification_rules_update on public.notification_rules for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('settings.manage')))
  with check (organization_id = (select private.current_org_id()));

grant select on public.notification_rules to authenticated;
grant update (enabled, role_ids, notify_assignee, notify_creator) on public.notification_rules to authenticated;
grant all on public.notification_rules to service_role;

-- Recipients must be roles of the same organisation; the edit is stamped.
create function private.notification_rules_before_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.role_ids := coalesce((select array_agg(distinct r) from unnest(new.role_ids) r), '{}');
  if exists (select 1 from unnest(new.role_ids) r
             where not exists (select 1 from public.roles ro where ro.id = r and ro.organization_id = new.organization_id)) then
    perform private.fail('A recipient role does not belong to this organization', 'notification_role_unknown', '22023');
  end if;
  new.updated_at := now();
  new.updated_by := auth.uid();
  return new;
end;
$$;
comment on function private.notification_rules_before_update() is
  'BEFORE UPDATE trigger on notification_rules: recipient roles must be the organisation''s own (22023 notification_role_unknown); stamps updated_at/by.';
revoke all on function private.notification_rules_before_update() from public;

create trigger notification_rules_before_update before update on public.notification_rules
  for each row execute function private.notification_rules_before_update();

-- The defaults: which built-in role receives which event, and on which channels events start on.
-- A table-valued function so new events (later migrations) can redefine it.
create function private.notification_rule_defaults(
  out event public.notification_event, out channel public.notification_channel, out enabled boolean,
  out role_keys text[], out notify_assignee boolean, out notify_creator boolean)
returns setof record
language sql
immutable
set search_path = ''
as $$
  select e.event, c.channel,
         -- E-mail starts on for what needs acting on; a finished task is told in the app only.
         not (c.channel = 'email' and e.event = 'task_completed'),
         e.role_keys, e.notify_assignee, e.notify_creator
  from (values
    ('booking_created'::public.notification_event, array['admin', 'manager'], false, false),
    ('booking_requested', array['admin', 'manager'], false, false),
    ('arrivals_today', array['admin', 'manager', 'member'], false, false),
    ('invoice_overdue', array['admin', 'manager'], false, false),
    ('task_assigned', array[]::text[], true, false),
    ('task_completed', array['manager'], false, true),
    ('review_received', array['admin', 'manager'], false, false)
  ) as e(event, role_keys, notify_assignee, notify_creator)
  cross join (values ('in_app'::public.notification_channel), ('email')) as c(channel)
$$;
comment on function private.notification_rule_defaults() is
  'Default notification rules of a new organisation: per event and channel, on or off, the built-in role keys receiving it, assignee/creator for task events.';
revoke all on function private.notification_rule_defaults() from public;

-- A new organisation gets every rule (its built-in roles do not exist yet: they join below).
create function private.organizations_notification_rules()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.notification_rules (organization_id, event, channel, enabled, notify_assignee, notify_creator, updated_by)
  select new.id, d.event, d.channel, d.enabled, d.notify_assignee, d.notify_creator, null
  from private.notification_rule_defaults() d
  on conflict do nothing;
  return null;
end;
$$;
comment on function private.organizations_notification_rules() is
  'AFTER INSERT trigger on organizations: creates the organisation''s notification rules with their defaults.';
revoke all on function private.organizations_notification_rules() from public;

create trigger organizations_notification_rules after insert on public.organizations
  for each row execute function private.organizations_notification_rules();

-- A built-in role, as it is created, joins the rules its key receives by default; a deleted role
-- leaves every rule.
create function private.roles_notification_rules()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    update public.notification_rules r set role_ids = array_remove(r.role_ids, old.id)
     where r.organization_id = old.organization_id and old.id = any (r.role_ids);
    return null;
  end if;
  if new.key is not null then
    update public.notification_rules r set role_ids = r.role_ids || new.id
      from private.notification_rule_defaults() d
     where r.organization_id = new.organization_id and r.event = d.event and r.channel = d.channel
       and new.key = any (d.role_keys) and not new.id = any (r.role_ids);
  end if;
  return null;
end;
$$;
comment on function private.roles_notification_rules() is
  'AFTER INSERT / DELETE trigger on roles: a new built-in role joins its default notification rules; a deleted role leaves all of them.';
revoke all on function private.roles_notification_rules() from public;

create trigger roles_notification_rules after insert or delete on public.roles
  for each row execute function private.roles_notification_rules();

-- Backfill: every existing organisation gets the defaults, with its built-in roles.
insert into public.notification_rules (organization_id, event, channel, enabled, role_ids, notify_assignee, notify_creator, updated_by)
select o.id, d.event, d.channel, d.enabled,
       coalesce((select array_agg(ro.id order by ro.key) from public.roles ro
                 where ro.organization_id = o.id and ro.key = any (d.role_keys)), '{}'),
       d.notify_assignee, d.notify_creator, null
from public.organizations o
cross join private.notification_rule_defaults() d
on conflict do nothing;

-- A member's own opt-out of an event on a channel.
create table public.notification_mutes (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  user_id uuid not null,
  event public.notification_event not null,
  channel public.notification_channel not null,
  created_at timestamptz not null default now(),
  constraint notification_mutes_pkey primary key (user_id, event, channel),
  constraint notification_mutes_member_fkey foreign key (organization_id, user_id)
    references public.profiles (organization_id, user_id) on delete cascade
);
comment on table public.notification_mutes is
  'A member''s opt-out: they do not receive this event on this channel, whatever the organisation''s rules say.';
create index notification_mutes_org_user_idx on public.notification_mutes (organization_id, user_id);

alter table public.notification_mutes enable row level security;

-- A member reads, adds and removes only their own mutes, in their own organisation.
create policy notification_mutes_select on public.notification_mutes for select to authenticated
  using (user_id = (select auth.uid()) and organization_id = (select private.current_org_id()));
create policy notification_mutes_insert on public.notification_mutes for insert to authenticated
  with check (user_id = (select auth.uid()) and organization_id = (select private.current_org_id()));
create policy notification_mutes_delete on public.notification_mutes for delete to authenticated
  using (user_id = (select auth.uid()) and organization_id = (select private.current_org_id()));

alter table public.notification_mutes alter column organization_id set default private.current_org_id();
alter table public.notification_mutes alter column user_id set default auth.uid();

grant select, insert, delete on public.notification_mutes to authenticated;
grant all on public.notification_mutes to service_role;
