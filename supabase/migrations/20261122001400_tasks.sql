-- Tasks (SPEC §3 Task): cleaning and maintenance work on units, optionally for a booking,
-- assigned to a staff member and/or a vendor the organisation works with. Vendor users see
-- only tasks assigned to their vendor and change status only through start_task() and
-- complete_task().

create table public.tasks (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  title text not null check (length(btrim(title)) between 1 and 200),
  description text,
  type public.task_type not null default 'cleaning',
  priority public.task_priority not null default 'medium',
  status public.task_status not null default 'pending',
  unit_id uuid,
  booking_id uuid,
  vendor_id uuid,
  assignee_id uuid,
  due_at timestamptz,
  started_at timestamptz,
  completed_at timestamptz,
  -- 'manual', or 'checkout' for the cleaning task created when a booking is checked out.
  origin text not null default 'manual' check (origin in ('manual', 'checkout', 'automation')),
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (organization_id, unit_id) references public.units (organization_id, id) on delete set null (unit_id),
  foreign key (organization_id, booking_id) references public.bookings (organization_id, id) on delete set null (booking_id),
  foreign key (organization_id, vendor_id) references public.organization_vendors (organization_id, vendor_id) on delete set null (vendor_id),
  foreign key (organization_id, assignee_id) references public.profiles (organization_id, user_id) on delete set null (assignee_id)
);
comment on table public.tasks is 'Cleaning, maintenance and other work; vendors see the tasks assigned to them.';
create index tasks_org_unit_idx on public.tasks (organization_id, unit_id);
create index tasks_org_booking_idx on public.tasks (organization_id, booking_id);
create index tasks_org_vendor_idx on public.tasks (organization_id, vendor_id);
create index tasks_org_assignee_idx on public.tasks (organization_id, assignee_id);
create index tasks_vendor_id_idx on public.tasks (vendor_id);
create index tasks_org_status_due_idx on public.tasks (organization_id, status, due_at);
create index tasks_organization_created_idx on public.tasks (organization_id, created_at desc);
-- One check-out cleaning task per booking.
create unique index tasks_checkout_cleaning_key on public.tasks (booking_id) where origin = 'checkout';
create trigger tasks_touch before update on public.tasks
  for each row execute function private.touch_updated_at();

-- started_at / completed_at follow the status.
create function private.tasks_status_times()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    if new.status = 'in_progress' then new.started_at := coalesce(new.started_at, now()); end if;
    if new.status = 'completed' then
      new.started_at := coalesce(new.started_at, now());
      new.completed_at := coalesce(new.completed_at, now());
    end if;
    if new.status in ('pending', 'cancelled') then new.completed_at := null; end if;
    if new.status = 'pending' then new.started_at := null; end if;
  end if;
  return new;
end;
$$;
create trigger tasks_status_times before insert or update on public.tasks
  for each row execute function private.tasks_status_times();

alter table public.tasks enable row level security;

-- Staff holding tasks.read read the tasks of their organisation; vendor users read the tasks assigned to their vendor; the super administrator reads all.
create policy tasks_select on public.tasks for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('tasks.read')))
    or vendor_id = any ((select private.current_vendor_ids())::uuid[])
    or (select private.is_super_admin())
  );
-- Holders of tasks.write add tasks to their own organisation only.
create policy tasks_insert on public.tasks for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('tasks.write')));
-- Holders of tasks.write edit tasks of their organisation; rows cannot be moved to another one.
create policy tasks_update on public.tasks for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('tasks.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of tasks.write delete tasks of their organisation.
create policy tasks_delete on public.tasks for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('tasks.write')));

grant select, insert, update, delete on public.tasks to authenticated;
grant all on public.tasks to service_role;
