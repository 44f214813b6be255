-- The platform operator hears of every contact-form message (issue 12): after a message is stored,
-- the database asks the contact-notify edge function (pg_net, sent after commit, with the project
-- URL and service key from Vault, as the zatca function is called) to e-mail the operator. The
-- function reads the message with the service role, sends it through the e-mail provider's API
-- (locally the stack's e-mail sandbox, whose messages appear in the local outbox) and stamps
-- notified_at. The row is the record: a message whose e-mail failed is still stored, with
-- notified_at null, for the super administrator to read.
--
-- Only the message's id travels in the call, so no personal data sits in pg_net's queue.

create function private.contact_request_notify()
returns trigger
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
    raise warning 'contact-notify: the Vault secrets project_url and service_role_key are not set; the operator is not e-mailed (README, Deploy)';
    return null;
  end if;
  perform net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/contact-notify',
    body := jsonb_build_object('id', new.id),
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key,
      'apikey', service_key),
    timeout_milliseconds := 20000
  );
  return null;
end;
$$;
comment on function private.contact_request_notify() is
  'AFTER INSERT trigger on contact_requests: queues a pg_net call of the contact-notify edge function (the operator''s e-mail), sent after commit; only the id is sent.';
revoke all on function private.contact_request_notify() from public;

create trigger contact_requests_notify after insert on public.contact_requests
  for each row execute function private.contact_request_notify();
comment on trigger contact_requests_notify on public.contact_requests is
  'E-mails the platform operator about each new contact-form message (contact-notify edge function, after commit).';
