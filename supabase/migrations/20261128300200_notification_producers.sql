-- Notifications (issue 14), part 3: the events. Each producer hands private.notify() an event, its
-- params (what the texts need, in both languages where the data has them), a link into the app and
-- a dedupe key, so each event tells a person once however often the trigger fires:
--
--   booking_created    a booking made by staff, a channel or the API (not cancelled);   booking:<id>
--   booking_requested  a public booking request (pending, request_expires_at set);      booking:<id>
--   task_assigned      a task gets an assignee (created with one, or reassigned);       task_assigned:<task>:<user>
--   task_completed     a task is completed;                                              task_completed:<task>
--   invoice_overdue    an issued document becomes overdue (the daily sweep or a write);  invoice_overdue:<id>
--   review_received    a guest review is saved;                                          review:<id>
--   arrivals_today     the daily job after 07:00 in each organisation's timezone, when   arrivals_today:<date>
--                      stays begin that day (private.notification_arrival_runs: once per organisation and day).
--
-- All run after the row is written (AFTER triggers, inside the writer's transaction: a rolled-back
-- write tells nobody); e-mails leave through pg_net after commit. The seed tells nobody.

-- A booking's params: reference, dates, guest and unit names.
create function private.notification_booking_params(b public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', b.booking_reference, 'check_in', b.check_in, 'check_out', b.check_out,
    'nights', b.nights, 'guests', b.guests_count, 'source', b.source,
    'guest', (select c.name from public.clients c where c.id = b.client_id),
    'unit', (select u.name from public.units u where u.id = b.unit_id),
    'unit_ar', (select u.name_ar from public.units u where u.id = b.unit_id))
$$;
comment on function private.notification_booking_params(public.bookings) is
  'What a booking notification''s texts need: reference, dates, nights, guests, source, guest and unit names.';
revoke all on function private.notification_booking_params(public.bookings) from public;

create function private.bookings_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'cancelled' then
    return null;
  end if;
  perform private.notify(
    new.organization_id,
    case when new.request_expires_at is not null and new.status = 'pending'
         then 'booking_requested'::public.notification_event else 'booking_created' end,
    private.notification_booking_params(new),
    '/dashboard/bookings?booking=' || new.id,
    'booking:' || new.id);
  return null;
end;
$$;
comment on function private.bookings_notify() is
  'AFTER INSERT trigger on bookings: notifies the staff the rules name of a new booking or public booking request.';
revoke all on function private.bookings_notify() from public;

create trigger bookings_notify after insert on public.bookings
  for each row execute function private.bookings_notify();

-- Tasks: assigned (to the new assignee) and completed.
create function private.tasks_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  params jsonb := jsonb_build_object(
    'title', new.title, 'title_ar', new.title_ar, 'type', new.type, 'priority', new.priority,
    'due_at', new.due_at, 'completed_by', new.completed_by_name,
    'unit', (select u.name from public.units u where u.id = new.unit_id),
    'unit_ar', (select u.name_ar from public.units u where u.id = new.unit_id));
begin
  if new.assignee_id is not null and new.status in ('pending', 'in_progress')
     and (tg_op = 'INSERT' or new.assignee_id is distinct from old.assignee_id) then
    perform private.notify(new.organization_id, 'task_assigned', params, '/dashboard/tasks?task=' || new.id,
                           'task_assigned:' || new.id || ':' || new.assignee_id, new.assignee_id, new.created_by);
  end if;
  if tg_op = 'UPDATE' and new.status = 'completed' and old.status <> 'completed' then
    perform private.notify(new.organization_id, 'task_completed', params, '/dashboard/tasks?task=' || new.id,
                           'task_completed:' || new.id, new.assignee_id, new.created_by);
  end if;
  return null;
end;
$$;
comment on function private.tasks_notify() is
  'AFTER INSERT / UPDATE OF assignee_id, status trigger on tasks: notifies a task''s new assignee (task_assigned) and, when it is completed, whom the rules name (task_completed).';
revoke all on function private.tasks_notify() from public;

create trigger tasks_notify after insert or update of assignee_id, status on public.tasks
  for each row execute function private.tasks_notify();

-- Invoices: an issued document became overdue (whoever changed it: the sweep re-derives status in
-- a BEFORE trigger, so no column list here, only the condition).
create function private.invoices_notify_overdue()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify(
    new.organization_id, 'invoice_overdue',
    jsonb_build_object('number', new.invoice_number, 'total', new.total_amount, 'balance_due', new.balance_due,
                       'currency', new.currency, 'due_date', new.due_date, 'buyer', new.buyer_name),
    '/dashboard/payments/invoices/' || new.id,
    'invoice_overdue:' || new.id);
  return null;
end;
$$;
comment on function private.invoices_notify_overdue() is
  'AFTER UPDATE trigger on invoices (when the status becomes overdue): notifies whom the rules name, once per document.';
revoke all on function private.invoices_notify_overdue() from public;

create trigger invoices_notify_overdue after update on public.invoices
  for each row when (new.status = 'overdue' and old.status is distinct from 'overdue')
  execute function private.invoices_notify_overdue();

-- Reviews: a guest's review arrived.
create function private.reviews_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify(
    new.organization_id, 'review_received',
    jsonb_build_object('guest', new.guest_name, 'rating', new.rating,
                       'unit', (select u.name from public.units u where u.id = new.unit_id),
                       'unit_ar', (select u.name_ar from public.units u where u.id = new.unit_id)),
    '/dashboard/settings?tab=public_site',
    'review:' || new.id);
  return null;
end;
$$;
comment on function private.reviews_notify() is
  'AFTER INSERT trigger on reviews: notifies whom the rules name that a guest review arrived.';
revoke all on function private.reviews_notify() from public;

create trigger reviews_notify after insert on public.reviews
  for each row execute function private.reviews_notify();

-- Arrivals today: which organisations' day was already told (the job runs every 15 minutes).
create table private.notification_arrival_runs (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  day date not null,
  ran_at timestamptz not null default now(),
  constraint notification_arrival_runs_pkey primary key (organization_id, day)
);
comment on table private.notification_arrival_runs is
  'The days whose arrivals notification an organisation was sent (once per organisation and local day).';
revoke all on table private.notification_arrival_runs from public, anon, authenticated;
grant select on table private.notification_arrival_runs to service_role;

-- For every organisation whose local time (`moment`) is 07:00 or later and whose day was not told
-- yet: the stays beginning that day (confirmed or pending), the first ten listed. Returns how many
-- organisations were told. An organisation without arrivals is marked done without a notification.
create function private.notify_arrivals_today(moment timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  org record;
  arrivals jsonb;
  arriving integer;
  told integer := 0;
begin
  for org in
    select o.id, (moment at time zone o.default_timezone::text)::date as local_day
    from public.organizations o
    where o.suspended_at is null
      and (moment at time zone o.default_timezone::text)::time >= time '07:00'
      and not exists (select 1 from private.notification_arrival_runs r
                      where r.organization_id = o.id and r.day = (moment at time zone o.default_timezone::text)::date)
  loop
    insert into private.notification_arrival_runs (organization_id, day) values (org.id, org.local_day)
    on conflict do nothing;
    if not found then
      continue;
    end if;
    select count(*), coalesce(jsonb_agg(x.item order by x.ord) filter (where x.ord <= 10), '[]')
      into arriving, arrivals
      from (select row_number() over (order by u.name, b.booking_reference) as ord,
                   jsonb_build_object('reference', b.booking_reference, 'guest', c.name,
                                      'unit', u.name, 'unit_ar', u.name_ar) as item
            from public.bookings b
            join public.units u on u.id = b.unit_id
            join public.clients c on c.id = b.client_id
            where b.organization_id = org.id and b.check_in = org.local_day
              and b.status in ('confirmed', 'pending')) x;
    if arriving > 0 then
      perform private.notify(org.id, 'arrivals_today',
                             jsonb_build_object('date', org.local_day, 'count', arriving, 'bookings', arrivals),
                             '/dashboard/bookings?from=' || org.local_day || '&to=' || org.local_day,
                             'arrivals_today:' || org.local_day);
      told := told + 1;
    end if;
  end loop;
  return told;
end;
$$;
comment on function private.notify_arrivals_today(timestamptz) is
  'The daily arrivals notification: for each organisation at or after 07:00 local time, once per local day, the stays beginning today (nuzl-notify-arrivals, every 15 minutes).';
revoke all on function private.notify_arrivals_today(timestamptz) from public;

select cron.schedule('nuzl-notify-arrivals', '*/15 * * * *', $$select private.notify_arrivals_today()$$);
