-- Money (issue 11): overdue is refreshed on a schedule. An unpaid document becomes overdue the
-- day after its due date; every write re-derives it and refresh_overdue_invoices() (called by the
-- overview) sweeps the caller's organisation, but a list opened in the morning must not wait for
-- either. So the sweep of every organisation runs daily at 00:05 Riyadh time (21:05 UTC) as the
-- pg_cron job `nuzl-refresh-overdue-invoices`.
--
-- Where the cron.schedule function exists: hosted Supabase with pg_cron enabled, and the local
-- stack, whose emulation of pg_cron (supabase/local/jobs) has the same SQL surface and runs the
-- job as its user. On a plain PostgreSQL without it, nothing is scheduled. If pg_cron is enabled
-- on a hosted project later, run the cron.schedule line below once. cron.schedule with a job
-- name replaces the job of that name.
do $$
begin
  if to_regprocedure('cron.schedule(text,text,text)') is not null then
    execute $cron$select cron.schedule('nuzl-refresh-overdue-invoices', '5 21 * * *',
                                       'select public.refresh_overdue_invoices()')$cron$;
  end if;
end;
$$;

-- The sweep itself: as the service role or the cron job (trusted, no organisation) it covers every
-- organisation; as staff who may read invoices, their own. Unchanged rules, now commented.
comment on function public.refresh_overdue_invoices() is
  'Marks unpaid issued documents past their due date overdue: every organisation for trusted callers (the daily pg_cron job nuzl-refresh-overdue-invoices, the service role), the caller''s own for staff with invoices.read. Returns how many changed.';
