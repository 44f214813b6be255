-- Contact-form messages are kept no longer than a year (issue 12; the privacy policy at /privacy
-- says so, as PDPL asks: personal data is kept only as long as its purpose needs). A daily pg_cron
-- job, `nuzl-purge-contact-requests` at 03:17 Riyadh time (00:17 UTC), deletes older messages;
-- their address records (private.contact_request_origins) go with them, and those are already
-- dropped after a day by submit_contact_request().
--
-- Scheduled where cron.schedule exists (hosted with pg_cron, the local stack's emulation), as
-- 20261124201000_overdue_schedule.sql is; cron.schedule with a job name replaces that job.

create function private.purge_contact_requests()
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  with gone as (
    delete from public.contact_requests c where c.created_at < now() - interval '1 year' returning 1
  )
  select count(*)::integer from gone
$$;
comment on function private.purge_contact_requests() is
  'The daily job nuzl-purge-contact-requests: deletes contact-form messages older than a year; returns how many.';
revoke all on function private.purge_contact_requests() from public;

do $$
begin
  if to_regprocedure('cron.schedule(text,text,text)') is not null then
    execute $cron$select cron.schedule('nuzl-purge-contact-requests', '17 0 * * *',
                                       'select private.purge_contact_requests()')$cron$;
  end if;
end;
$$;
