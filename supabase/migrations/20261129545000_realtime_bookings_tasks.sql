-- Live bookings calendar and tasks board (issue 16): both screens subscribe to Realtime
-- postgres_changes of their table, filtered by organisation, and refresh when a row changes
-- elsewhere (another member, a channel sync, a vendor starting a task). Realtime streams only the
-- tables of the `supabase_realtime` publication (20261129540000 makes sure it exists) and sends a
-- row only to subscribers whose select policy lets them read it: bookings_select (bookings.read in
-- the row's organisation) and tasks_select (tasks.read, or the vendor the task is assigned to).
-- So vendors never receive bookings, and staff of another organisation receive nothing.
-- DELETEs carry only the primary key (default replica identity), which is all the screens need
-- to know that they should refetch.

-- Bookings: the calendar and the list refresh when a stay is created, moved or cancelled.
do $$
begin
  if not exists (
    select from pg_publication_tables
     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'bookings'
  ) then
    alter publication supabase_realtime add table public.bookings;
  end if;
end
$$;

-- Tasks: the staff board and a vendor's task list refresh when a task is created, assigned,
-- started or completed.
do $$
begin
  if not exists (
    select from pg_publication_tables
     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'tasks'
  ) then
    alter publication supabase_realtime add table public.tasks;
  end if;
end
$$;
