-- Platform health for the super-administrator console (issue 14): the background queues that
-- exist, how many items wait or failed in each and the oldest of them, the scheduled jobs and
-- their last run, and the size of the database. Only what the database really knows:
--   * guest notices (guest-notify): pending (neither sent nor given up) and failed;
--   * ZATCA submissions (zatca worker): waiting (queued / submitted / failed, retried) and
--     rejected (needs a correction);
--   * invitation e-mails (invite-notify): pending invitations whose e-mail failed, and those whose
--     e-mail was asked for over five minutes ago and never confirmed;
--   * pg_cron jobs (cron.job, cron.job_run_details) with the last run's status, when readable;
--   * the database's size and the row counts of the main tables.

create function public.admin_platform_health()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  jobs jsonb := null;
  size_bytes bigint := null;
begin
  perform private.require_super_admin();
  -- pg_cron is an extension: read it when it is installed and readable, say null otherwise.
  if to_regclass('cron.job') is not null and to_regclass('cron.job_run_details') is not null then
    begin
      execute $q$
        select coalesce(jsonb_agg(jsonb_build_object(
                 'name', j.jobname, 'schedule', j.schedule, 'active', j.active,
                 'last_status', r.status, 'last_started_at', r.start_time, 'last_ended_at', r.end_time,
                 'last_message', left(r.return_message, 300)) order by j.jobname), '[]'::jsonb)
        from cron.job j
        left join lateral (select d.status, d.start_time, d.end_time, d.return_message
                           from cron.job_run_details d where d.jobid = j.jobid
                           order by d.start_time desc nulls last limit 1) r on true
      $q$ into jobs;
    exception when insufficient_privilege or undefined_table or undefined_column then
      jobs := null;
    end;
  end if;
  begin
    size_bytes := pg_database_size(current_database());
  exception when others then
    size_bytes := null; -- not every host lets a function read it
  end;
  return jsonb_build_object(
    'checked_at', now(),
    'queues', jsonb_build_array(
      (select jsonb_build_object('key', 'guest_notices_pending', 'count', count(*), 'oldest_at', min(n.created_at))
         from public.guest_notices n where n.sent_at is null and n.failed_at is null),
      (select jsonb_build_object('key', 'guest_notices_failed', 'count', count(*), 'oldest_at', min(n.failed_at))
         from public.guest_notices n where n.failed_at is not null),
      (select jsonb_build_object('key', 'zatca_pending', 'count', count(*), 'oldest_at', min(s.created_at))
         from public.einvoicing_submissions s where s.status in ('queued', 'submitted', 'failed')),
      (select jsonb_build_object('key', 'zatca_rejected', 'count', count(*), 'oldest_at', min(s.created_at))
         from public.einvoicing_submissions s where s.status = 'rejected'),
      (select jsonb_build_object('key', 'invitation_emails_failed', 'count', count(*), 'oldest_at', min(i.created_at))
         from public.invitations i where i.status = 'pending' and i.email_error is not null),
      (select jsonb_build_object('key', 'invitation_emails_unconfirmed', 'count', count(*), 'oldest_at', min(i.email_requested_at))
         from public.invitations i
        where i.status = 'pending' and i.email_error is null and i.email_sent_at is null
          and i.email_requested_at < now() - interval '5 minutes')),
    'cron_jobs', jobs,
    'database', jsonb_build_object(
      'size_bytes', size_bytes,
      'rows', jsonb_build_object(
        'organizations', (select count(*) from public.organizations),
        'suspended_organizations', (select count(*) from public.organizations o where o.suspended_at is not null),
        'profiles', (select count(*) from public.profiles),
        'units', (select count(*) from public.units),
        'bookings', (select count(*) from public.bookings),
        'invoices', (select count(*) from public.invoices),
        'audit_log', (select count(*) from public.audit_log))));
end;
$$;
comment on function public.admin_platform_health() is
  'Super administrator: background queues (guest notices, ZATCA submissions, invitation e-mails: counts and oldest), pg_cron jobs and their last run when readable, database size and main row counts; 404 for anyone else.';
revoke all on function public.admin_platform_health() from public, anon;
grant execute on function public.admin_platform_health() to authenticated;
