-- Financial alerts (issue 17), part 3: the evaluation. Each alert type measures one value, as of
-- the organisation's today (its time zone), in SAR (…_sar columns), VAT excluded for revenue:
--
--   overdue_invoices      sum of the open balances of issued invoices past their due date       > threshold SAR
--   outstanding_balance   sum of the open balances of issued invoices                            > threshold SAR
--   invoice_overdue_days  per invoice: days since its due date, while a balance is open          > threshold days
--   low_occupancy         nights sold ÷ (active units × window_days) over the next window_days
--                         days from today, in percent (cancelled stays sell none)                < threshold %
--   revenue_below_target  room revenue booked for this calendar month (price per night × the
--                         month's nights of stays not cancelled)                                 < threshold SAR
--   revenue_drop          room revenue of the last 30 days against the 30 before, as the drop
--                         in percent (nothing when the 30 before had none)                       > threshold %
--   large_payment         per payment received (not a refund) since the alert exists, at most
--                         30 days old                                                           > threshold SAR
--   failed_payment        per failed subscription payment (card checkout) since the alert
--                         exists, at most 30 days old                                           ≥ threshold SAR
--   licence_expiring      per active unit with a tourism licence: days left until its expiry
--                         (negative once expired)                                               ≤ threshold days
--
-- Once per condition episode: an episode is an open alert_events row per alert and subject
-- (alert_events_open_idx); evaluating again while the condition holds files nothing, a subject
-- whose condition cleared is resolved, and a later episode fires again. A fired alert notifies
-- through private.notify('financial_alert'), once per event, so it reaches the bell and the
-- channels Settings → Notifications chooses.
--
-- When: the pg_cron job nuzl-alerts-evaluate (every 15 minutes) evaluates each active alert when
-- its frequency is due — daily, weekly (ISO week) or monthly in the organisation's time zone,
-- realtime ones every time as a safety net; statement-level triggers on invoices, payments,
-- bookings, units and subscription checkouts evaluate the organisation's realtime alerts after a write (once per
-- statement, so a 200-row insert evaluates once; never while seeding; a failing evaluation is
-- logged as a warning and never fails the write); evaluate_my_alerts() ("Check now") evaluates
-- every active alert of the caller's organisation at once.

-- One subject whose condition holds now.
create type private.alert_finding as (
  subject_key text,
  subject_type text,
  subject_id uuid,
  subject_label text,
  subject_label_ar text,
  value numeric,
  details jsonb
);
comment on type private.alert_finding is 'A subject for which an alert''s condition holds now, with the measured value (private.alert_findings).';

-- Room revenue of the nights in [lo, hi) of an organisation's stays that are not cancelled.
create function private.alert_room_revenue(org uuid, lo date, hi date)
returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(b.price_per_night * (least(b.check_out, hi) - greatest(b.check_in, lo))), 0)
  from public.bookings b
  where b.organization_id = org and b.status <> 'cancelled' and b.check_in < hi and b.check_out > lo
$$;
comment on function private.alert_room_revenue(uuid, date, date) is
  'Room revenue (price per night × nights, VAT excluded) of an organisation''s stays not cancelled, counting only the nights from lo up to (not including) hi.';
revoke all on function private.alert_room_revenue(uuid, date, date) from public;

-- The subjects for which alert a's condition holds on day `today` (see the table above).
create function private.alert_findings(a public.alerts, today date)
returns setof private.alert_finding
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org uuid := a.organization_id;
  since timestamptz := greatest(a.created_at, now() - interval '30 days');
  month_start date := date_trunc('month', today)::date;
  active_units integer;
  window_days integer := coalesce(a.window_days, 30);
  sold numeric;
  measured numeric;
  previous numeric;
begin
  case a.type
  when 'overdue_invoices', 'outstanding_balance' then
    return query
      select 'organization', 'organization', null::uuid, null::text, null::text, s.amount,
             jsonb_build_object('count', s.n)
      from (select coalesce(sum(i.balance_due_sar), 0) as amount, count(*) as n
              from public.invoices i
             where i.organization_id = org and i.status in ('pending', 'overdue') and i.issued_at is not null
               and i.balance_due > 0 and i.document_type <> 'credit_note'
               and (a.type = 'outstanding_balance' or i.due_date < today)) s
      where s.amount > a.threshold;
  when 'invoice_overdue_days' then
    return query
      select 'invoice:' || i.id, 'invoice', i.id, i.invoice_number, null::text, (today - i.due_date)::numeric,
             jsonb_build_object('buyer', i.buyer_name, 'balance_due', i.balance_due_sar, 'due_date', i.due_date)
      from public.invoices i
      where i.organization_id = org and i.status in ('pending', 'overdue') and i.issued_at is not null
        and i.balance_due > 0 and i.document_type <> 'credit_note' and today - i.due_date > a.threshold;
  when 'low_occupancy' then
    select count(*) into active_units from public.units u where u.organization_id = org and u.is_active;
    if active_units = 0 then
      return;
    end if;
    select coalesce(sum(least(b.check_out, today + window_days) - greatest(b.check_in, today)), 0) into sold
      from public.bookings b
      join public.units u on u.id = b.unit_id and u.is_active
     where b.organization_id = org and b.status <> 'cancelled'
       and b.check_in < today + window_days and b.check_out > today;
    measured := round(100 * sold / (active_units * window_days), 2);
    if measured < a.threshold then
      return query select 'organization', 'organization', null::uuid, null::text, null::text, measured,
                          jsonb_build_object('nights_sold', sold, 'available_nights', active_units * window_days,
                                             'from', today, 'to', today + window_days - 1);
    end if;
  when 'revenue_below_target' then
    measured := private.alert_room_revenue(org, month_start, (month_start + interval '1 month')::date);
    if measured < a.threshold then
      return query select 'month:' || to_char(month_start, 'YYYY-MM'), 'month', null::uuid,
                          to_char(month_start, 'YYYY-MM'), null::text, measured,
                          jsonb_build_object('month', to_char(month_start, 'YYYY-MM'), 'target', a.threshold);
    end if;
  when 'revenue_drop' then
    measured := private.alert_room_revenue(org, today - 30, today);
    previous := private.alert_room_revenue(org, today - 60, today - 30);
    if previous > 0 and round(100 * (previous - measured) / previous, 2) > a.threshold then
      return query select 'organization', 'organization', null::uuid, null::text, null::text,
                          round(100 * (previous - measured) / previous, 2),
                          jsonb_build_object('current', measured, 'previous', previous);
    end if;
  when 'large_payment' then
    return query
      select 'payment:' || p.id, 'payment', p.id, i.invoice_number, null::text, p.amount_sar::numeric,
             jsonb_build_object('invoice_id', p.invoice_id, 'method', p.method, 'paid_at', p.paid_at, 'buyer', i.buyer_name)
      from public.payments p
      left join public.invoices i on i.id = p.invoice_id
      where p.organization_id = org and not p.is_refund and p.amount_sar > a.threshold and p.created_at >= since;
  when 'failed_payment' then
    return query
      select 'checkout:' || c.id, 'subscription_checkout', c.id, c.plan::text, null::text,
             round(c.amount_halalas / 100.0, 2),
             jsonb_build_object('plan', c.plan, 'billing_cycle', c.billing_cycle, 'reason', c.failure_reason)
      from public.subscription_checkouts c
      where c.organization_id = org and c.status = 'failed' and c.amount_halalas / 100.0 >= a.threshold
        and c.created_at >= since;
  when 'licence_expiring' then
    return query
      select 'unit:' || u.id || ':' || u.tourism_licence_expires_on, 'unit', u.id, u.name, u.name_ar,
             (u.tourism_licence_expires_on - today)::numeric,
             jsonb_build_object('licence_number', u.tourism_licence_number, 'expires_on', u.tourism_licence_expires_on)
      from public.units u
      where u.organization_id = org and u.is_active and u.tourism_licence_number is not null
        and u.tourism_licence_expires_on is not null and u.tourism_licence_expires_on - today <= a.threshold;
  end case;
end;
$$;
comment on function private.alert_findings(public.alerts, date) is
  'The subjects (organisation, month, invoice, payment, checkout, unit) for which an alert''s condition holds on the given day, with the measured value; one branch per alert type.';
revoke all on function private.alert_findings(public.alerts, date) from public;

-- Tells the organisation's staff (as its notification rules say) that an alert fired. The alert
-- is about the organisation's figures, not about who caused them, so the member whose write or
-- "Check now" revealed it is told too: private.notify() leaves out auth.uid(), which is cleared
-- for this one call (transaction-local, restored right after).
create function private.alert_event_notify(a public.alerts, e public.alert_events)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims text := current_setting('request.jwt.claims', true);
  claim_sub text := current_setting('request.jwt.claim.sub', true);
  filed integer;
begin
  perform set_config('request.jwt.claims', '', true);
  perform set_config('request.jwt.claim.sub', '', true);
  filed := private.notify(
    a.organization_id, 'financial_alert',
    jsonb_build_object('alert', a.name, 'alert_ar', a.name_ar, 'type', a.type, 'severity', e.severity,
                       'kind', private.alert_threshold_kind(a.type), 'value', e.value, 'threshold', e.threshold,
                       'currency', 'SAR', 'subject', e.subject_label, 'subject_ar', e.subject_label_ar,
                       'event_id', e.id),
    '/dashboard/reports?tab=alerts',
    'financial_alert:' || e.id);
  perform set_config('request.jwt.claims', coalesce(claims, ''), true);
  perform set_config('request.jwt.claim.sub', coalesce(claim_sub, ''), true);
  return filed;
end;
$$;
comment on function private.alert_event_notify(public.alerts, public.alert_events) is
  'Files the financial_alert notification of a fired alert event (once per event), including the member who acted.';
revoke all on function private.alert_event_notify(public.alerts, public.alert_events) from public;

-- Evaluates one alert now: files an event (and its notification) per subject newly in condition,
-- resolves the open events whose condition cleared, stamps last_evaluated_at and, when something
-- fired, last_triggered_at. Returns how many events it filed.
create function private.evaluate_alert(a public.alerts)
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
  update public.alerts x
     set last_evaluated_at = now(),
         last_triggered_at = case when fired > 0 then now() else x.last_triggered_at end
   where x.id = a.id;
  return fired;
end;
$$;
comment on function private.evaluate_alert(public.alerts) is
  'Evaluates one alert: one event (and notification) per subject newly in condition, resolves those that cleared; returns how many fired.';
revoke all on function private.evaluate_alert(public.alerts) from public;

-- Evaluates the organisation's active alerts (only the realtime ones when only_realtime).
create function private.evaluate_alerts(org uuid, only_realtime boolean)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.alerts;
  fired integer := 0;
begin
  for a in select * from public.alerts x
           where x.organization_id = org and x.is_active and (not only_realtime or x.frequency = 'realtime')
           order by x.created_at, x.id loop
    fired := fired + private.evaluate_alert(a);
  end loop;
  return fired;
end;
$$;
comment on function private.evaluate_alerts(uuid, boolean) is
  'Evaluates an organisation''s active alerts (or only its realtime ones); returns how many events fired.';
revoke all on function private.evaluate_alerts(uuid, boolean) from public;

-- The schedule's body: every active alert of an active organisation whose frequency is due at
-- `moment` in the organisation's time zone (realtime: always; never evaluated: now).
create function private.evaluate_due_alerts(moment timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  a public.alerts;
  fired integer := 0;
begin
  for a in
    select x.* from public.alerts x
    join public.organizations o on o.id = x.organization_id and o.suspended_at is null
    cross join lateral (select o.default_timezone::text as tz) z
    where x.is_active
      and (x.frequency = 'realtime' or x.last_evaluated_at is null
           or (x.frequency = 'daily'
               and (x.last_evaluated_at at time zone z.tz)::date < (moment at time zone z.tz)::date)
           or (x.frequency = 'weekly'
               and date_trunc('week', x.last_evaluated_at at time zone z.tz) < date_trunc('week', moment at time zone z.tz))
           or (x.frequency = 'monthly'
               and date_trunc('month', x.last_evaluated_at at time zone z.tz) < date_trunc('month', moment at time zone z.tz)))
    order by x.organization_id, x.created_at, x.id
  loop
    fired := fired + private.evaluate_alert(a);
  end loop;
  return fired;
end;
$$;
comment on function private.evaluate_due_alerts(timestamptz) is
  'The cron job nuzl-alerts-evaluate: evaluates each active alert whose frequency is due (daily / weekly / monthly in the organisation''s time zone; realtime every run); returns how many fired.';
revoke all on function private.evaluate_due_alerts(timestamptz) from public;

select cron.schedule('nuzl-alerts-evaluate', '*/15 * * * *', $$select private.evaluate_due_alerts()$$);

-- "Check now": evaluates every active alert of the caller's organisation (automations.write).
create function public.evaluate_my_alerts()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
  fired integer;
begin
  if org is null then
    perform private.fail('Organization access required.', 'organization_access_required', '42501');
  end if;
  if not private.has_permission('automations.write') then
    perform private.fail('Permission denied. Contact administrator.', 'automations_write_required', '42501');
  end if;
  fired := private.evaluate_alerts(org, false);
  return jsonb_build_object(
    'evaluated', (select count(*) from public.alerts x where x.organization_id = org and x.is_active),
    'fired', fired);
end;
$$;
comment on function public.evaluate_my_alerts() is
  'Check now: evaluates every active alert of the caller''s organisation (automations.write) → {evaluated, fired}.';
revoke all on function public.evaluate_my_alerts() from public, anon;
grant execute on function public.evaluate_my_alerts() to authenticated, service_role;

-- After a write to invoices, payments, bookings, units or subscription checkouts: the realtime alerts of the
-- organisations whose rows changed (transition table changed_rows), once per statement.
create function private.alerts_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  org uuid;
begin
  if coalesce(current_setting('nuzl.seeding', true), '') = 'on' then
    return null;
  end if;
  for org in
    select distinct c.organization_id from changed_rows c
    where exists (select 1 from public.alerts x
                  where x.organization_id = c.organization_id and x.is_active and x.frequency = 'realtime')
  loop
    begin
      perform private.evaluate_alerts(org, true);
    exception when others then
      -- An alert must never cost the write that triggered it; the schedule evaluates it again.
      raise warning 'alerts: evaluating the realtime alerts of % failed: % (%)', org, sqlerrm, sqlstate;
    end;
  end loop;
  return null;
end;
$$;
comment on function private.alerts_after_write() is
  'AFTER … FOR EACH STATEMENT trigger on invoices, payments, bookings, units and subscription checkouts: evaluates the realtime alerts of the organisations whose rows changed (not while seeding; a failure is a warning, never the write''s).';
revoke all on function private.alerts_after_write() from public;

create trigger invoices_alerts_insert after insert on public.invoices
  referencing new table as changed_rows for each statement execute function private.alerts_after_write();
create trigger invoices_alerts_update after update on public.invoices
  referencing new table as changed_rows for each statement execute function private.alerts_after_write();
create trigger payments_alerts_insert after insert on public.payments
  referencing new table as changed_rows for each statement execute function private.alerts_after_write();
create trigger payments_alerts_update after update on public.payments
  referencing new table as changed_rows for each statement execute function private.alerts_after_write();
create trigger payments_alerts_delete after delete on public.payments
  referencing old table as changed_rows for each statement execute function private.alerts_after_write();
create trigger bookings_alerts_insert after insert on public.bookings
  referencing new table as changed_rows for each statement execute function private.alerts_after_write();
create trigger bookings_alerts_update after update on public.bookings
  referencing new table as changed_rows for each statement execute function private.alerts_after_write();
create trigger bookings_alerts_delete after delete on public.bookings
  referencing old table as changed_rows for each statement execute function private.alerts_after_write();
create trigger units_alerts_insert after insert on public.units
  referencing new table as changed_rows for each statement execute function private.alerts_after_write();
create trigger units_alerts_update after update on public.units
  referencing new table as changed_rows for each statement execute function private.alerts_after_write();
create trigger subscription_checkouts_alerts_insert after insert on public.subscription_checkouts
  referencing new table as changed_rows for each statement execute function private.alerts_after_write();
create trigger subscription_checkouts_alerts_update after update on public.subscription_checkouts
  referencing new table as changed_rows for each statement execute function private.alerts_after_write();
