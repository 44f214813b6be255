-- Staff are told when a platform's stay cannot be placed on a unit's calendar (issue 15): the
-- import keeps it as a conflict (ota_imported_events.conflict) and, the first time it is flagged
-- for those dates, private.notify() files 'channel_conflict' for administrators and managers, in
-- the app and by e-mail (docs/notifications.md: defaults redefined, existing organisations given
-- the new rows).

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
    ('channel_conflict', array['admin', 'manager'], false, false)
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
where d.event = 'channel_conflict'
on conflict do nothing;

-- An event newly in conflict (or in conflict on new dates) notifies once per UID and dates.
create function private.ota_imported_events_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  conn record;
begin
  if not new.conflict or (tg_op = 'UPDATE' and old.conflict and old.check_in = new.check_in
                           and old.check_out = new.check_out) then
    return null;
  end if;
  select c.connection_name, c.platform, c.unit_id, u.name as unit, u.name_ar as unit_ar into conn
    from public.ota_connections c left join public.units u on u.id = c.unit_id
    where c.id = new.connection_id;
  perform private.notify(
    new.organization_id, 'channel_conflict',
    jsonb_build_object('connection', conn.connection_name, 'platform', conn.platform, 'unit', conn.unit,
                       'unit_ar', conn.unit_ar, 'check_in', new.check_in, 'check_out', new.check_out),
    '/dashboard/units?unit=' || conn.unit_id || '&tab=channels',
    'channel_conflict:' || new.connection_id || ':' || new.uid || ':' || new.check_in || ':' || new.check_out);
  return null;
end;
$$;
comment on function private.ota_imported_events_notify() is
  'AFTER INSERT / UPDATE trigger on ota_imported_events: a new conflict notifies staff (channel_conflict), once per UID and dates.';
revoke all on function private.ota_imported_events_notify() from public;

create trigger ota_imported_events_notify after insert or update of conflict, check_in, check_out
  on public.ota_imported_events
  for each row execute function private.ota_imported_events_notify();
