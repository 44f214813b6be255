-- Trigger functions lose EXECUTE for PUBLIC, anon and authenticated (issue 10, item 11).
--
-- PostgreSQL lets PUBLIC execute every new function. 20261122009900_function_privileges.sql took
-- that away from the functions that existed then, but trigger functions written afterwards kept it
-- (private.bookings_request_hold, private.tasks_actor, private.tasks_schedule_next, … several of
-- them SECURITY DEFINER). A trigger function runs only when its trigger fires, and PostgreSQL does
-- not check EXECUTE when it fires, so nobody loses anything; the grants only widened what an
-- invoker function or a policy could reach. Every trigger function in public and private, whoever
-- wrote it, ends without them; supabase/tests/db-lint-splinter.test.ts keeps it so for later ones.
do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private') and p.prorettype = 'trigger'::regtype
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
  loop
    execute format('revoke execute on function %s from public, anon, authenticated', f);
  end loop;
end;
$$;
