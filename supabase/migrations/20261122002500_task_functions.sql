-- Task workflow: start_task() / complete_task() for staff (tasks.write) and for vendor users
-- on tasks assigned to their vendor; vendor_tasks() gives a vendor what the work needs (the
-- unit, its location, the stay dates) without opening bookings to them; and the cleaning task
-- that appears when a booking is checked out.

create function private.set_task_status(task_id uuid, target public.task_status)
returns public.tasks
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  t public.tasks;
begin
  select * into t from public.tasks tk where tk.id = task_id for update;
  if t.id is null
     or not ((t.organization_id = private.current_org_id() and private.has_permission('tasks.write'))
             or t.vendor_id = any (private.current_vendor_ids())) then
    perform private.fail('Permission denied. Contact administrator.', 'task_forbidden', '42501');
  end if;
  if target = 'in_progress' and t.status <> 'pending' then
    perform private.fail('Only pending tasks can be started', 'task_transition_invalid');
  end if;
  if target = 'completed' and t.status not in ('pending', 'in_progress') then
    perform private.fail('This task cannot be completed', 'task_transition_invalid');
  end if;
  update public.tasks set status = target where id = t.id returning * into t;
  return t;
end;
$$;

create function public.start_task(task_id uuid)
returns public.tasks
language sql
volatile
security definer
set search_path = ''
as $$ select private.set_task_status(task_id, 'in_progress') $$;
revoke all on function public.start_task from public;
grant execute on function public.start_task to authenticated;

create function public.complete_task(task_id uuid)
returns public.tasks
language sql
volatile
security definer
set search_path = ''
as $$ select private.set_task_status(task_id, 'completed') $$;
revoke all on function public.complete_task from public;
grant execute on function public.complete_task to authenticated;

create function public.vendor_tasks()
returns table (
  id uuid, organization_id uuid, organization_name text, title text, description text,
  type public.task_type, priority public.task_priority, status public.task_status,
  due_at timestamptz, started_at timestamptz, completed_at timestamptz,
  unit_id uuid, unit_name text, unit_name_ar text, unit_address text, unit_city text,
  latitude numeric, longitude numeric, booking_id uuid, check_in date, check_out date, guests_count integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select t.id, t.organization_id, o.name, t.title, t.description, t.type, t.priority, t.status,
         t.due_at, t.started_at, t.completed_at,
         u.id, u.name, u.name_ar, concat_ws(', ', u.address_street, u.address_city), u.address_city,
         u.latitude, u.longitude, b.id, b.check_in, b.check_out, b.guests_count
  from public.tasks t
  join public.organizations o on o.id = t.organization_id
  left join public.units u on u.id = t.unit_id
  left join public.bookings b on b.id = t.booking_id
  where t.vendor_id = any (private.current_vendor_ids())
  order by t.status = 'completed', t.due_at nulls last
$$;
comment on function public.vendor_tasks is 'The tasks assigned to the caller''s vendor, with unit and stay dates.';
revoke all on function public.vendor_tasks from public;
grant execute on function public.vendor_tasks to authenticated;

-- Check-out → a cleaning task for the unit, due before the next check-in (at the unit's
-- check-in time, in the organisation's timezone); high priority when the next guest arrives
-- the same day. It goes to the organisation's best cleaning vendor, if it has one.
create function private.bookings_cleaning_task()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  unit record;
  tz text;
  today date;
  next_check_in date;
  vendor uuid;
  due timestamptz;
begin
  if new.status <> 'checked_out' or old.status = 'checked_out' then
    return null;
  end if;
  select u.name, u.check_in_time into unit from public.units u where u.id = new.unit_id;
  select o.default_timezone::text into tz from public.organizations o where o.id = new.organization_id;
  today := (now() at time zone tz)::date;
  select min(b.check_in) into next_check_in from public.bookings b
    where b.unit_id = new.unit_id and b.status <> 'cancelled' and b.id <> new.id and b.check_in >= least(new.check_out, today);
  if next_check_in is not null then
    due := (next_check_in + unit.check_in_time) at time zone tz;
  else
    due := (greatest(new.check_out, today) + 1 + unit.check_in_time) at time zone tz;
  end if;
  select ov.vendor_id into vendor from public.organization_vendors ov join public.vendors v on v.id = ov.vendor_id
    where ov.organization_id = new.organization_id and 'cleaning' = any (v.categories)
    order by v.verified desc, v.rating desc, ov.added_at limit 1;

  insert into public.tasks (organization_id, title, description, type, priority, status, unit_id, booking_id,
                            vendor_id, due_at, origin, created_by)
  values (new.organization_id, 'Cleaning: ' || unit.name,
          format('Turnover cleaning after booking %s (check-out %s).', new.booking_reference, new.check_out),
          'cleaning', case when next_check_in is not null and next_check_in <= today then 'high' else 'medium' end::public.task_priority,
          'pending', new.unit_id, new.id, vendor, due, 'checkout', auth.uid())
  on conflict (booking_id) where origin = 'checkout' do nothing;
  return null;
end;
$$;
create trigger bookings_cleaning_task after update of status on public.bookings
  for each row execute function private.bookings_cleaning_task();
