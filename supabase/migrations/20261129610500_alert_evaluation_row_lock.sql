-- Financial alerts (issue 17): the evaluation of a realtime alert no longer updates its alerts row
-- on every write. 20261129610200 stamped last_evaluated_at each time, so every invoice, payment,
-- booking or unit write of an organisation with a realtime alert took that row's lock until commit:
-- concurrent writers queued on it (and a transaction writing twice could deadlock with another).
-- Only the schedule needs the stamp, and a realtime alert is due on every scheduled run anyway, so
-- a realtime alert is stamped at most once a minute unless it fired. Same signature and behaviour
-- otherwise.

create or replace function private.evaluate_alert(a public.alerts)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  today date := private.org_today(a.organization_id);
  f private.alert_finding;
  e public.alert_events;
  holding text[] := '{}';
  fired integer := 0;
begin
  for f in select * from private.alert_findings(a, today) loop
    holding := holding || f.subject_key;
    e := null;
    insert into public.alert_events (organization_id, alert_id, severity, subject_key, subject_type, subject_id,
                                     subject_label, subject_label_ar, value, threshold, details)
    values (a.organization_id, a.id, a.severity, f.subject_key, f.subject_type, f.subject_id,
            f.subject_label, f.subject_label_ar, round(f.value, 2), a.threshold, coalesce(f.details, '{}'))
    on conflict (alert_id, subject_key) where resolved_at is null do nothing
    returning * into e;
    if e.id is not null then
      fired := fired + 1;
      perform private.alert_event_notify(a, e);
    end if;
  end loop;
  update public.alert_events x set resolved_at = now()
   where x.alert_id = a.id and x.resolved_at is null and not (x.subject_key = any (holding));
  -- The schedule reads last_evaluated_at to know when a daily / weekly / monthly alert is due; a
  -- realtime alert is due on every run, so a write's evaluation stamps it at most once a minute
  -- (unless it fired): concurrent writes of one organisation do not queue on its alert row.
  update public.alerts x
     set last_evaluated_at = now(),
         last_triggered_at = case when fired > 0 then now() else x.last_triggered_at end
   where x.id = a.id
     and (fired > 0 or x.frequency <> 'realtime' or x.last_evaluated_at is null
          or x.last_evaluated_at < now() - interval '1 minute');
  return fired;
end;
$$;
comment on function private.evaluate_alert(public.alerts) is
  'Evaluates one alert: one event (and notification) per subject newly in condition, resolves those that cleared, stamps last_evaluated_at (realtime alerts at most once a minute unless fired); returns how many fired.';
revoke all on function private.evaluate_alert(public.alerts) from public;
