-- A vendor rating needs real work (issue 10, item 5).
--
-- Until now any organisation could add a marketplace vendor and insert tasks that were already
-- completed and rated: ten such rows took a vendor from 4.8 (126 ratings) to 1.0. A rating is
-- now the organisation's word about work that went through the task workflow:
--
--  * a task starts open: browsers cannot insert it completed, nor rated;
--  * a task becomes completed only from pending or in progress (as complete_task() does; an
--    edit cannot turn a cancelled task into a completed one);
--  * a rating (1–5) is given to a completed task that was completed through that workflow,
--    for the vendor the task was assigned to — once completed, the task's vendor can only be
--    cleared (the organisation stops working with it), never swapped for another;
--  * only by staff of the task's organisation holding vendors.write (a rating is a statement
--    about a vendor in the shared marketplace, part of managing vendors; team members with
--    tasks.write do the work but do not rate it), and tasks.write to edit the task at all;
--  * once: a given rating is final for browser users — it cannot be changed or cleared. It
--    leaves the marketplace only with its task (deleted) or when the organisation removes the
--    vendor (the task's vendor is cleared). Support (service role) can correct it.
-- Trusted callers (service role, migrations, seed) are not limited. How ratings add up to the
-- marketplace figure is in 20261123120100_vendor_rating_aggregate.sql.

create function private.tasks_rating_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_trusted() then
    return new;
  end if;

  if tg_op = 'INSERT' then
    if new.status = 'completed' then
      perform private.fail('A new task starts open; mark it complete when the work is done', 'task_created_completed', '23514');
    end if;
    if new.rating is not null then
      perform private.fail('Only completed tasks can be rated', 'task_rating_not_completed', '23514');
    end if;
    return new;
  end if;

  if new.status = 'completed' and old.status is distinct from 'completed'
     and old.status not in ('pending', 'in_progress') then
    perform private.fail('This task cannot be completed', 'task_transition_invalid');
  end if;
  if old.status = 'completed' and new.vendor_id is not null and new.vendor_id is distinct from old.vendor_id then
    perform private.fail('The vendor of a completed task cannot be changed', 'task_vendor_locked', '23514');
  end if;
  if new.rating is distinct from old.rating then
    if not private.has_permission('vendors.write') then
      perform private.fail('Only staff who manage vendors can rate them', 'task_rating_forbidden', '42501');
    end if;
    if old.rating is not null then
      perform private.fail('This task has already been rated', 'task_rating_final', 'PT409');
    end if;
    if old.status is distinct from 'completed' or new.status is distinct from 'completed' then
      perform private.fail('Only completed tasks can be rated', 'task_rating_not_completed', '23514');
    end if;
    if new.vendor_id is null then
      perform private.fail('Only tasks done by a vendor can be rated', 'task_rating_no_vendor');
    end if;
  end if;
  return new;
end;
$$;
comment on function private.tasks_rating_guard() is
  'Tasks start open; completed only from pending/in progress; rated once, after completion, for the assigned vendor, by vendors.write holders.';
revoke all on function private.tasks_rating_guard() from public;
create trigger tasks_rating_guard before insert or update on public.tasks
  for each row execute function private.tasks_rating_guard();
