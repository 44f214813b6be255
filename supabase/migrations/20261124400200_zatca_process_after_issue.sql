-- ZATCA e-invoicing (issue 11): a document queued for ZATCA (at issue, by the trigger of
-- einvoicing_queue_issued) is processed right away rather than at the next minute's cron run, when
-- its organisation can submit at all (a production CSID). One call per transaction, however many
-- documents it issues; the call leaves after the transaction commits (pg_net), so the function
-- finds them. The cron job stays the guarantee: if this call is lost, the next minute sends them.
create function private.zatca_process_after_queue()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.kind = 'compliance' or new.status <> 'queued'
     or coalesce(current_setting('nuzl.zatca_process_requested', true), '') = 'on' then
    return null;
  end if;
  if not exists (select 1 from private.einvoicing_devices d
                 where d.organization_id = new.organization_id and d.status = 'production_csid') then
    return null;
  end if;
  perform set_config('nuzl.zatca_process_requested', 'on', true);
  perform private.zatca_process_request('issued');
  return null;
end;
$$;
comment on function private.zatca_process_after_queue() is
  'AFTER INSERT trigger on einvoicing_submissions: asks the zatca function (pg_net, after commit) to process the queue now, once per transaction, when the organisation has a production CSID.';
revoke all on function private.zatca_process_after_queue() from public;

create trigger einvoicing_submissions_process after insert on public.einvoicing_submissions
  for each row execute function private.zatca_process_after_queue();
comment on trigger einvoicing_submissions_process on public.einvoicing_submissions is
  'Processes a newly queued document right away (pg_net after commit) instead of at the next cron minute.';
