-- Financial alerts (issue 17), part 4: the defaults.
--
--   * Notification rules of 'financial_alert': administrators and managers (the roles that hold
--     the finance permissions), in the app and by e-mail, as invoice_overdue. Redefined in
--     private.notification_rule_defaults() for new organisations; existing ones get the rows here
--     (docs/notifications.md: how an event is added).
--   * Every organisation has the alert "Tourism licence expiring" (licence_expiring, 30 days,
--     daily, high): new ones by trigger, existing ones here. It is an ordinary alert: the
--     organisation may change, switch off or delete it.

create or replace function private.notification_rule_defaults(
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
    ('review_received', array['admin', 'manager'], false, false),
    ('channel_conflict', array['admin', 'manager'], false, false),
    ('financial_alert', array['admin', 'manager'], false, false)
  ) as e(event, role_keys, notify_assignee, notify_creator)
  cross join (values ('in_app'::public.notification_channel), ('email')) as c(channel)
$$;
comment on function private.notification_rule_defaults() is
  'Default notification rules of a new organisation: per event and channel, on or off, the built-in role keys receiving it, assignee/creator for task events.';

-- Existing organisations get the new event's rules, with their built-in roles.
insert into public.notification_rules (organization_id, event, channel, enabled, role_ids, notify_assignee, notify_creator, updated_by)
select o.id, d.event, d.channel, d.enabled,
       coalesce((select array_agg(ro.id order by ro.key) from public.roles ro
                 where ro.organization_id = o.id and ro.key = any (d.role_keys)), '{}'),
       d.notify_assignee, d.notify_creator, null
from public.organizations o
cross join private.notification_rule_defaults() d
where d.event = 'financial_alert'
on conflict do nothing;

-- The default alert of an organisation.
create function private.create_default_alerts(org uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.alerts (organization_id, name, name_ar, type, threshold, frequency, severity)
  values (org, 'Tourism licence expiring', 'ترخيص السياحة يقترب من الانتهاء', 'licence_expiring', 30, 'daily', 'high')
$$;
comment on function private.create_default_alerts(uuid) is
  'Adds an organisation''s default alert: "Tourism licence expiring" (licence_expiring, 30 days, daily, high).';
revoke all on function private.create_default_alerts(uuid) from public;

create function private.organizations_default_alerts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.create_default_alerts(new.id);
  return null;
end;
$$;
comment on function private.organizations_default_alerts() is
  'AFTER INSERT trigger on organizations: gives the new organisation its default alert (Tourism licence expiring).';
revoke all on function private.organizations_default_alerts() from public;

create trigger organizations_default_alerts after insert on public.organizations
  for each row execute function private.organizations_default_alerts();

-- Existing organisations without a licence alert get it.
select private.create_default_alerts(o.id)
from public.organizations o
where not exists (select 1 from public.alerts a where a.organization_id = o.id and a.type = 'licence_expiring');
