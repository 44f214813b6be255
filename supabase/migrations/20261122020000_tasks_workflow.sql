-- Tasks, second part (issue 7): checklists, who started/completed a task, cancellation,
-- recurring maintenance (weekly / monthly) and the rating a task's vendor gets once the work
-- is done. The first part (20261122001400_tasks.sql, 20261122002500_task_functions.sql)
-- stays as it is; everything here is added on top.

create type public.task_recurrence as enum ('weekly', 'monthly');

-- A checklist is a small ordered list edited together with the task, so it lives on the row
-- (one insert creates a task with its checklist): [{"label": "Change linen", "done": false}].
create function private.is_valid_checklist(items jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(items) = 'array'
    and jsonb_array_length(items) <= 50
    and not exists (
      select 1 from jsonb_array_elements(items) e(item)
      where jsonb_typeof(e.item) <> 'object'
         or jsonb_typeof(e.item -> 'label') is distinct from 'string'
         or length(btrim(e.item ->> 'label')) not between 1 and 200
         or jsonb_typeof(e.item -> 'done') is distinct from 'boolean'
    )
$$;
grant execute on function private.is_valid_checklist(jsonb) to authenticated, service_role;

alter table public.tasks
  add column checklist jsonb not null default '[]'::jsonb
    constraint tasks_checklist_valid check (private.is_valid_checklist(checklist)),
  add column started_by uuid,
  add column completed_by uuid,
  -- The completer's name as it was: vendor users have no profile the organisation can read.
  add column completed_by_name text,
  add column recurrence public.task_recurrence,
  -- The occurrence this one follows in a recurring series (one follower per occurrence).
  add column previous_task_id uuid references public.tasks (id) on delete set null,
  add column rating smallint constraint tasks_rating_range check (rating between 1 and 5),
  add column rated_at timestamptz,
  add column rated_by uuid,
  -- A vendor is rated for work it finished, and only then (tasks_actor checks the vendor).
  add constraint tasks_rating_completed check (rating is null or status = 'completed'),
  -- A series needs a date to step from.
  add constraint tasks_recurrence_due check (recurrence is null or due_at is not null);

alter table public.tasks drop constraint tasks_origin_check;
alter table public.tasks add constraint tasks_origin_check
  check (origin in ('manual', 'checkout', 'automation', 'recurrence'));

create unique index tasks_previous_task_id_key on public.tasks (previous_task_id);
create index tasks_vendor_rating_idx on public.tasks (vendor_id) where rating is not null;

comment on column public.tasks.checklist is 'Checklist items [{label, done}] in order.';
comment on column public.tasks.recurrence is 'Recurring maintenance: completing an occurrence schedules the next one.';
comment on column public.tasks.rating is 'The organisation''s rating (1–5) of the vendor for this completed task.';

-- Who did what, taken from the session, never from the request: started_by / completed_by
-- follow status changes, rated_by / rated_at follow the rating.
create function private.tasks_actor()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    -- Kept unless the status (or rating) really changes below.
    new.started_by := old.started_by;
    new.completed_by := old.completed_by;
    new.completed_by_name := old.completed_by_name;
    new.rated_by := old.rated_by;
    new.rated_at := old.rated_at;
  else
    new.started_by := null;
    new.completed_by := null;
    new.completed_by_name := null;
    new.rated_by := null;
    new.rated_at := null;
  end if;
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    if new.status = 'pending' then
      new.started_by := null;
    elsif new.status = 'in_progress' then
      new.started_by := coalesce(new.started_by, auth.uid());
    elsif new.status = 'completed' then
      new.started_by := coalesce(new.started_by, auth.uid());
      new.completed_by := auth.uid();
      new.completed_by_name := (
        select coalesce(p.full_name, p.phone, p.email) from public.profiles p where p.user_id = auth.uid());
    end if;
    if new.status <> 'completed' then
      new.completed_by := null;
      new.completed_by_name := null;
    end if;
  end if;
  if tg_op = 'INSERT' or new.rating is distinct from old.rating then
    if new.rating is not null and new.vendor_id is null then
      perform private.fail('Only tasks done by a vendor can be rated', 'task_rating_no_vendor');
    end if;
    new.rated_by := case when new.rating is null then null else auth.uid() end;
    new.rated_at := case when new.rating is null then null else now() end;
  end if;
  return new;
end;
$$;
create trigger tasks_status_actor before insert or update on public.tasks
  for each row execute function private.tasks_actor();

-- The next occurrence of a recurring task: one interval after the due date, in the
-- organisation's timezone (so "every month at 10:00" stays at 10:00), skipping occurrences
-- already in the past when the work was finished late.
create function private.next_occurrence(due timestamptz, every public.task_recurrence, tz text, after timestamptz)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  local_due timestamp := due at time zone tz;
  step interval := case every when 'weekly' then interval '7 days' else interval '1 month' end;
  n integer := 1;
begin
  -- Month arithmetic from the original date (31 Jan → 28 Feb → 31 Mar), not chained.
  while ((local_due + step * n) at time zone tz) <= after and n < 10000 loop
    n := n + 1;
  end loop;
  return (local_due + step * n) at time zone tz;
end;
$$;
grant execute on function private.next_occurrence(timestamptz, public.task_recurrence, text, timestamptz) to authenticated, service_role;

-- Completing an occurrence of a recurring task creates the next one (pending, checklist
-- unticked, same unit, vendor and assignee). Cancelling an occurrence ends the series.
create function private.tasks_schedule_next()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  tz text;
begin
  if new.recurrence is null or new.status <> 'completed' or old.status = 'completed' then
    return null;
  end if;
  select o.default_timezone::text into tz from public.organizations o where o.id = new.organization_id;
  insert into public.tasks (organization_id, title, description, type, priority, status, unit_id, vendor_id,
                            assignee_id, due_at, origin, created_by, checklist, recurrence, previous_task_id)
  values (new.organization_id, new.title, new.description, new.type, new.priority, 'pending', new.unit_id, new.vendor_id,
          new.assignee_id, private.next_occurrence(new.due_at, new.recurrence, coalesce(tz, 'Asia/Riyadh'), now()),
          'recurrence', new.created_by,
          coalesce((select jsonb_agg(jsonb_set(e.item, '{done}', 'false'::jsonb) order by e.n)
                    from jsonb_array_elements(new.checklist) with ordinality e(item, n)), '[]'::jsonb),
          new.recurrence, new.id)
  on conflict (previous_task_id) do nothing;
  return null;
end;
$$;
create trigger tasks_schedule_next after update of status on public.tasks
  for each row execute function private.tasks_schedule_next();

-- Staff cancel a task that is not finished (vendors cannot: the organisation decides).
create function public.cancel_task(task_id uuid)
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
  if t.id is null or t.organization_id is distinct from private.current_org_id() or not private.has_permission('tasks.write') then
    perform private.fail('Permission denied. Contact administrator.', 'task_forbidden', '42501');
  end if;
  if t.status not in ('pending', 'in_progress') then
    perform private.fail('Only open tasks can be cancelled', 'task_transition_invalid');
  end if;
  update public.tasks set status = 'cancelled' where id = t.id returning * into t;
  return t;
end;
$$;
comment on function public.cancel_task is 'Cancels a pending or in-progress task (staff with tasks.write).';
revoke all on function public.cancel_task from public;
grant execute on function public.cancel_task to authenticated;

-- Ticks or unticks one checklist item: staff with tasks.write, or the vendor the task is
-- assigned to (vendors cannot edit tasks otherwise). Finished tasks are left as they were.
create function public.set_task_checklist_item(task_id uuid, item_index integer, done boolean)
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
  if t.status in ('completed', 'cancelled') then
    perform private.fail('This task is closed', 'task_transition_invalid');
  end if;
  if item_index is null or item_index < 0 or item_index >= jsonb_array_length(t.checklist) then
    perform private.fail('Please check your input and try again.', 'task_checklist_item_invalid', '22023');
  end if;
  update public.tasks set checklist = jsonb_set(t.checklist, array[item_index::text, 'done'], to_jsonb(coalesce(done, false)))
    where id = t.id returning * into t;
  return t;
end;
$$;
comment on function public.set_task_checklist_item is 'Ticks or unticks a checklist item (staff with tasks.write, or the assigned vendor).';
revoke all on function public.set_task_checklist_item from public;
grant execute on function public.set_task_checklist_item to authenticated;

-- vendor_tasks() gains what a vendor needs on site: the checklist, who finished it, and the
-- storage folder of its photos. The return type changes, so it is dropped and created again.
drop function public.vendor_tasks();
create function public.vendor_tasks()
returns table (
  id uuid, organization_id uuid, organization_name text, title text, description text,
  type public.task_type, priority public.task_priority, status public.task_status,
  due_at timestamptz, started_at timestamptz, completed_at timestamptz, completed_by_name text,
  checklist jsonb,
  unit_id uuid, unit_name text, unit_name_ar text, unit_address text, unit_city text,
  latitude numeric, longitude numeric, booking_id uuid, check_in date, check_out date, guests_count integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select t.id, t.organization_id, o.name, t.title, t.description, t.type, t.priority, t.status,
         t.due_at, t.started_at, t.completed_at, t.completed_by_name, t.checklist,
         u.id, u.name, u.name_ar, concat_ws(', ', u.address_street, u.address_city), u.address_city,
         u.latitude, u.longitude, b.id, b.check_in, b.check_out, b.guests_count
  from public.tasks t
  join public.organizations o on o.id = t.organization_id
  left join public.units u on u.id = t.unit_id
  left join public.bookings b on b.id = t.booking_id
  where t.vendor_id = any (private.current_vendor_ids()) and t.status <> 'cancelled'
  order by t.status = 'completed', t.due_at nulls last
$$;
comment on function public.vendor_tasks is 'The open and finished tasks assigned to the caller''s vendor, with unit, stay dates and checklist.';
revoke all on function public.vendor_tasks from public;
grant execute on function public.vendor_tasks to authenticated;
