-- ZATCA e-invoicing (issue 11): the edge function zatca's `process` runs every minute, as
-- Supabase documents for scheduled edge functions (pg_cron calls net.http_post with the project
-- URL and a key read from Vault). It signs queued documents, reports simplified ones (within
-- ZATCA's 24 hours) and clears standard ones, and retries failures when their back-off is over.
--
-- The same migration runs on hosted Supabase and on the local stack: hosted, pg_cron and pg_net
-- are created below where the server has them; locally the stack's baseline provides the same
-- cron, net and vault SQL and runs the job (docs/local-stack.md, "Background jobs").
-- Hosted needs two Vault secrets (README, "Deploy"): project_url (https://<ref>.supabase.co) and
-- service_role_key (the service_role key or a secret key); the local stack writes them at start
-- from [db.vault] in supabase/config.toml. Without them the job does nothing and says why.
do $$
begin
  if not exists (select 1 from pg_namespace where nspname = 'cron') then
    -- Supabase's instructions for pg_cron (Database → Extensions).
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if not exists (select 1 from pg_namespace where nspname = 'net') then
    create extension if not exists pg_net with schema extensions;
  end if;
end $$;

-- Asks the zatca function to process its queue: one HTTP request, sent by pg_net after the calling
-- transaction commits (so the function sees what the transaction wrote). Security definer so the
-- issue trigger (running as staff) may read the Vault secrets it needs; it returns the request id,
-- or null (with a warning) when the Vault secrets are missing.
create function private.zatca_process_request(reason text)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into service_key from vault.decrypted_secrets where name = 'service_role_key';
  if coalesce(project_url, '') = '' or coalesce(service_key, '') = '' then
    raise warning 'zatca: the Vault secrets project_url and service_role_key are not set; e-invoices wait (README, Deploy)';
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/zatca/process',
    body := jsonb_build_object('reason', left(coalesce(reason, ''), 40)),
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key,
      'apikey', service_key),
    -- The function works for at most ~40 s per call; pg_net's default (5 s) would cut it off.
    timeout_milliseconds := 60000
  );
end;
$$;
comment on function private.zatca_process_request(text) is
  'Queues a pg_net call of the zatca edge function''s process route with the project URL and service key from Vault; sent after commit. Null when the Vault secrets are missing.';
revoke all on function private.zatca_process_request(text) from public;

-- The minute's job: a call only when some organisation that can submit (a production CSID) has a
-- document due (queued, failed and past its back-off, or in flight past its lease), so an idle
-- project costs no function invocation.
create function private.zatca_process_due()
returns bigint
language sql
security definer
set search_path = ''
as $$
  select private.zatca_process_request('cron')
  where exists (
    select 1
    from public.einvoicing_submissions s
    join private.einvoicing_devices d on d.organization_id = s.organization_id and d.status = 'production_csid'
    where s.kind <> 'compliance' and s.next_attempt_at <= now()
      and (s.status in ('queued', 'failed') or (s.status = 'submitted' and s.locked_until <= now())))
$$;
comment on function private.zatca_process_due() is
  'The cron job''s body: calls the zatca function''s process route when an organisation with a production CSID has a due e-invoicing submission.';
revoke all on function private.zatca_process_due() from public;

select cron.schedule('zatca-process', '* * * * *', $$select private.zatca_process_due()$$);
