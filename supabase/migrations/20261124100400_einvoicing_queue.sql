-- ZATCA e-invoicing (issue 11): every document is queued for ZATCA the moment it is issued (its
-- issued_at is set): reporting for simplified documents and their notes, clearance for standard
-- ones. The edge function zatca (called by pg_cron through pg_net, or on demand) claims the queue
-- with einvoicing_claim(). Documents issued before this migration are not queued (they predate
-- e-invoicing; einvoicing_queue() can send one on demand).
create function private.einvoicing_queue_issued()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.issued_at is not null and new.status not in ('draft', 'cancelled')
     and (tg_op = 'INSERT' or old.issued_at is null) then
    insert into public.einvoicing_submissions (organization_id, invoice_id, kind)
    values (new.organization_id, new.id, case when new.invoice_kind = 'standard' then 'clearance' else 'reporting' end)
    on conflict on constraint einvoicing_submissions_invoice_kind_key do nothing;
  end if;
  return null;
end;
$$;
comment on function private.einvoicing_queue_issued() is
  'AFTER trigger on invoices: queues a document for ZATCA reporting (simplified) or clearance (standard) when it is issued. Security definer: staff cannot write submissions themselves.';
revoke all on function private.einvoicing_queue_issued() from public;

-- Not `update of issued_at`: the BEFORE trigger sets issued_at, and column triggers only see the
-- columns an UPDATE statement names.
create trigger invoices_einvoicing_queue after insert or update on public.invoices
  for each row execute function private.einvoicing_queue_issued();
comment on trigger invoices_einvoicing_queue on public.invoices is
  'Queues each document for ZATCA when it is issued (issued_at set).';
