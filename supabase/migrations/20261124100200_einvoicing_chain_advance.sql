-- ZATCA e-invoicing (issue 11): the invoice counter (ICV) and previous invoice hash (PIH) chain of
-- an organisation's EGS unit advance by compare-and-swap, so no gap and no fork, whatever the
-- number of workers signing at once.
--
-- The edge function reads the chain (einvoicing_chains: last_invoice_counter, last_invoice_hash),
-- builds and signs the document with ICV = counter + 1 and PIH = hash, stores the signed XML, then
-- calls einvoicing_advance_chain(org, invoice, counter, hash, new hash). The chain moves only if it
-- still holds (counter, hash): a worker that lost the race gets {advanced: false, reason:
-- 'chain_moved', last_invoice_counter, last_invoice_hash} and signs again on top of the new state.
-- A document gets at most one ICV: a second advance for it answers 'already_signed' with its own
-- counter and hash (the stored XML is resubmitted, never re-signed into a new counter).
create function public.einvoicing_advance_chain(organization_id uuid, invoice_id uuid, expected_counter bigint,
                                                expected_hash text, new_hash text, qr text default null)
returns jsonb
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  inv record;
  chain public.einvoicing_chains;
begin
  if organization_id is null or invoice_id is null or expected_counter is null or expected_counter < 0
     or coalesce(expected_hash, '') = '' or coalesce(new_hash, '') = ''
     or new_hash !~ '^[A-Za-z0-9+/]{43}=$' then
    perform private.fail('Please check your input and try again.', 'einvoicing_chain_invalid', '22023');
  end if;
  -- The document first (always before the chain, so concurrent advances never deadlock).
  select i.id, i.status, i.issued_at, i.zatca_invoice_counter, i.zatca_invoice_hash,
         i.zatca_previous_invoice_hash
    into inv
    from public.invoices i
   where i.id = invoice_id and i.organization_id = organization_id
   for update;
  if inv.id is null then
    perform private.fail('This invoice was not found', 'invoice_not_found', 'PT404');
  end if;
  if inv.issued_at is null or inv.status = 'draft' then
    perform private.fail('Issue the invoice before sending it to ZATCA', 'invoice_draft', 'PT409');
  end if;
  if inv.zatca_invoice_counter is not null then
    return jsonb_build_object('advanced', false, 'reason', 'already_signed',
                              'invoice_counter', inv.zatca_invoice_counter,
                              'invoice_hash', inv.zatca_invoice_hash,
                              'previous_invoice_hash', inv.zatca_previous_invoice_hash);
  end if;

  -- An organisation made before the chain table had its row starts at counter 0 and the seed PIH.
  insert into public.einvoicing_chains (organization_id) values (organization_id) on conflict do nothing;
  -- Compare and swap: under READ COMMITTED a concurrent winner's update is waited for and the
  -- condition re-checked on its new row, so exactly one of two racing workers advances.
  update public.einvoicing_chains c
     set last_invoice_counter = expected_counter + 1, last_invoice_hash = new_hash, updated_at = now()
   where c.organization_id = organization_id
     and c.last_invoice_counter = expected_counter and c.last_invoice_hash = expected_hash
  returning * into chain;
  if chain.organization_id is null then
    select * into chain from public.einvoicing_chains c where c.organization_id = organization_id;
    if chain.organization_id is null then
      perform private.fail('Not found', 'not_found', 'PT404');
    end if;
    return jsonb_build_object('advanced', false, 'reason', 'chain_moved',
                              'last_invoice_counter', chain.last_invoice_counter,
                              'last_invoice_hash', chain.last_invoice_hash);
  end if;

  update public.invoices i
     set zatca_invoice_counter = expected_counter + 1,
         zatca_previous_invoice_hash = expected_hash,
         zatca_invoice_hash = new_hash,
         zatca_qr_payload = coalesce(nullif(qr, ''), i.zatca_qr_payload)
   where i.id = invoice_id;
  return jsonb_build_object('advanced', true, 'invoice_counter', chain.last_invoice_counter,
                            'invoice_hash', new_hash, 'previous_invoice_hash', expected_hash);
end;
$$;
comment on function public.einvoicing_advance_chain(uuid, uuid, bigint, text, text, text) is
  'Service role (edge function zatca): advances the organisation''s ICV/PIH chain by compare-and-swap and stamps the document (zatca_invoice_counter, zatca_previous_invoice_hash, zatca_invoice_hash, and the Phase-2 QR when given). Returns {advanced: true, invoice_counter, invoice_hash, previous_invoice_hash}, or {advanced: false, reason: ''chain_moved'', last_invoice_counter, last_invoice_hash} (sign again on the new state) or {advanced: false, reason: ''already_signed'', invoice_counter, invoice_hash, previous_invoice_hash}.';
revoke all on function public.einvoicing_advance_chain(uuid, uuid, bigint, text, text, text) from public, anon, authenticated;
grant execute on function public.einvoicing_advance_chain(uuid, uuid, bigint, text, text, text) to service_role;
