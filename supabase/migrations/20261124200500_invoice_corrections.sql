-- Money (issue 11): cancelling, refunding, and payments with their rules.
--
-- * cancel_invoice(id, reason): a draft is discarded (cancelled, no number); an issued invoice or
--   debit note with nothing paid (or everything paid refunded) gets a credit note for what remains
--   and so becomes cancelled. An issued credit note is final.
-- * refund_invoice(id, amount, reason, method, reference): money back to the payer, at most what
--   was paid and not refunded yet: a refund row (payments.is_refund) and a credit note for the same
--   amount, in one transaction; when everything paid went back and the document is fully
--   credited, it is refunded.
-- * record_payment (bounds and keys), delete_payment(id, reason) (audited with the reason),
--   mark_invoice_paid (issues a draft, then pays the balance).
--
-- The credit note's lines: the original's own lines when it reverses the whole document, else one
-- line in the original's VAT category for the amount. 15 % VAT on a line total cannot reach every
-- amount (the VAT is rounded, so totals step by 1 or 2 halalas); the last halala then goes on an
-- out-of-scope "rounding" line (category O, VATEX-SA-OOS), so the note totals the amount exactly
-- and every document stays valid for ZATCA.
create function private.credit_note_lines(original public.invoices, amount numeric, label_en text, label_ar text)
returns table (description text, description_ar text, quantity numeric, rate numeric, vat_category text,
               vat_exemption_code text, vat_exemption_reason text)
language plpgsql
stable
set search_path = ''
as $$
declare
  rate_s constant numeric := public.vat_rate();
  s numeric;
  first_line record;
begin
  if amount = original.total_amount and original.credited_amount = 0 then
    return query
      select li.description, li.description_ar, li.quantity, li.rate, li.vat_category, li.vat_exemption_code,
             li.vat_exemption_reason
      from public.invoice_items li where li.invoice_id = original.id order by li.position, li.created_at;
    return;
  end if;
  if original.standard_rated_amount <= 0 then
    select li.vat_category, li.vat_exemption_code, li.vat_exemption_reason into first_line
      from public.invoice_items li where li.invoice_id = original.id order by li.position, li.created_at limit 1;
    return query select label_en, label_ar, 1::numeric, amount, first_line.vat_category, first_line.vat_exemption_code,
                        first_line.vat_exemption_reason;
    return;
  end if;
  -- The largest net s whose total with VAT does not pass the amount.
  s := round(amount / (1 + rate_s), 2);
  while s > 0 and s + round(s * rate_s, 2) > amount loop
    s := s - 0.01;
  end loop;
  while s + 0.01 + round((s + 0.01) * rate_s, 2) <= amount loop
    s := s + 0.01;
  end loop;
  if s > 0 then
    return query select label_en, label_ar, 1::numeric, s, 'S'::text, null::text, null::text;
  end if;
  if amount - (s + round(s * rate_s, 2)) > 0 then
    return query select 'Rounding adjustment'::text, 'فرق التقريب'::text, 1::numeric,
                        amount - (s + round(s * rate_s, 2)), 'O'::text, 'VATEX-SA-OOS'::text, null::text;
  end if;
end;
$$;
comment on function private.credit_note_lines(public.invoices, numeric, text, text) is
  'Lines of a credit note for an amount of a document: its own lines for a full reversal, else one line in its VAT category (plus an out-of-scope rounding halala when 15 % VAT cannot total the amount exactly).';
revoke all on function private.credit_note_lines(public.invoices, numeric, text, text) from public;
grant execute on function private.credit_note_lines(public.invoices, numeric, text, text) to authenticated, service_role;

-- A draft credit note of `amount` on `original` (locked by the caller), in its currency, kind and
-- buyer, with its lines; the caller issues it (status pending) once everything it needs exists.
create function private.draft_credit_note(original public.invoices, amount numeric, note_reason text,
                                          label_en text, label_ar text)
returns public.invoices
language plpgsql
set search_path = ''
as $$
declare
  note public.invoices;
  i integer := 0;
  line record;
begin
  insert into public.invoices (organization_id, status, invoice_type_code, invoice_kind, original_invoice_id, reason,
                               client_id, booking_id, currency, exchange_rate, due_date, buyer_name, buyer_vat_number,
                               buyer_id_scheme, buyer_id, buyer_address)
  values (original.organization_id, 'draft', '381', original.invoice_kind, original.id, note_reason,
          original.client_id, original.booking_id, original.currency, original.exchange_rate,
          private.org_today(original.organization_id), original.buyer_name, original.buyer_vat_number,
          original.buyer_id_scheme, original.buyer_id, original.buyer_address)
  returning * into note;
  for line in select * from private.credit_note_lines(original, amount, label_en, label_ar) loop
    insert into public.invoice_items (invoice_id, description, description_ar, quantity, rate, position, vat_category,
                                      vat_exemption_code, vat_exemption_reason)
    values (note.id, line.description, line.description_ar, line.quantity, line.rate, i, line.vat_category,
            line.vat_exemption_code, line.vat_exemption_reason);
    i := i + 1;
  end loop;
  return note;
end;
$$;
comment on function private.draft_credit_note(public.invoices, numeric, text, text, text) is
  'A draft credit note of an amount correcting a document (its currency, kind and buyer) with its lines, as the caller; issued by the caller.';
revoke all on function private.draft_credit_note(public.invoices, numeric, text, text, text) from public;
grant execute on function private.draft_credit_note(public.invoices, numeric, text, text, text) to authenticated, service_role;

-- A reason of 1–500 characters, else a 400 with the key.
create function private.require_reason(reason text, key text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if coalesce(btrim(reason), '') = '' or length(btrim(reason)) > 500 then
    raise exception using message = 'Give a reason (at most 500 characters)', hint = key, errcode = '23514';
  end if;
  return btrim(reason);
end;
$$;
comment on function private.require_reason(text, text) is 'A trimmed reason of 1–500 characters, else a 400 with the given key.';
revoke all on function private.require_reason(text, text) from public;
grant execute on function private.require_reason(text, text) to authenticated, service_role;

create function public.cancel_invoice(invoice_id uuid, reason text)
returns public.invoices
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  doc public.invoices;
  note public.invoices;
  why text;
begin
  if not exists (select 1 from public.invoices x where x.id = invoice_id) then
    perform private.fail('This invoice was not found', 'invoice_not_found', 'PT404');
  end if;
  perform private.require_permission('invoices.write');
  why := private.require_reason(reason, 'cancel_reason_required');
  select * into doc from public.invoices x where x.id = invoice_id for update;
  perform set_config('nuzl.audit_reason', why, true);
  if doc.status = 'draft' then
    update public.invoices x set status = 'cancelled', cancellation_reason = why where x.id = doc.id returning * into doc;
    perform set_config('nuzl.audit_reason', '', true);
    return doc;
  end if;
  if doc.status in ('cancelled', 'refunded') then
    perform private.fail('This invoice is paid, cancelled or refunded and cannot be changed', 'invoice_closed', 'PT409');
  end if;
  if doc.invoice_type_code = '381' then
    perform private.fail('An issued credit note is final; issue a debit note to reverse it', 'credit_note_final', 'PT409');
  end if;
  if doc.paid_amount - doc.refunded_amount > 0 then
    perform private.fail('This invoice has payments: refund them before cancelling it', 'invoice_has_payments', 'PT409');
  end if;
  note := private.draft_credit_note(doc, doc.total_amount - doc.credited_amount, why,
                                    'Cancellation of ' || doc.invoice_number, 'إلغاء الفاتورة ' || doc.invoice_number);
  update public.invoices x set status = 'pending' where x.id = note.id;
  update public.invoices x set cancellation_reason = why where x.id = doc.id returning * into doc;
  perform set_config('nuzl.audit_reason', '', true);
  return doc;
end;
$$;
comment on function public.cancel_invoice(uuid, text) is
  'Cancels a document (invoices.write) with a reason: a draft is discarded; an issued invoice or debit note with nothing paid gets a credit note for what remains and becomes cancelled (PT409 invoice_has_payments when money was received: refund first; credit_note_final for a credit note). Returns the document.';
revoke all on function public.cancel_invoice(uuid, text) from public;
grant execute on function public.cancel_invoice(uuid, text) to authenticated, service_role;

-- Security definer: a refund row (money going back) may only be written together with its
-- credit note, so browsers cannot insert one; this function checks the caller first (the
-- document must be readable by them, then invoices.write and payments.write).
create function public.refund_invoice(invoice_id uuid, amount numeric, reason text, method public.payment_method,
                                      reference_number text default null)
returns public.invoices
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  doc public.invoices;
  why text;
  refund numeric;
  note public.invoices;
begin
  select * into doc from public.invoices x where x.id = invoice_id;
  if doc.id is null or not (doc.organization_id = any (private.readable_org_ids('invoices.read'))
                            or (private.is_trusted() and private.current_org_id() is null)) then
    perform private.fail('This invoice was not found', 'invoice_not_found', 'PT404');
  end if;
  if private.current_org_id() is distinct from doc.organization_id and private.current_org_id() is not null then
    perform private.fail('This invoice was not found', 'invoice_not_found', 'PT404');
  end if;
  perform private.require_permission('invoices.write');
  perform private.require_permission('payments.write');
  if amount is null or amount <= 0 or amount <> round(amount, 2) or amount > 9999999999.99 then
    perform private.fail('Enter the amount to refund (more than 0, up to 2 decimals)', 'refund_amount_invalid', '22023');
  end if;
  refund := amount;
  why := private.require_reason(reason, 'refund_reason_required');
  if method is null then
    perform private.fail('This field is required', 'field_required', '23502');
  end if;
  if reference_number is not null and length(reference_number) > 100 then
    perform private.fail('The reference has at most 100 characters', 'payment_reference_invalid', '22023');
  end if;

  select * into doc from public.invoices x where x.id = doc.id for update;
  if doc.status = 'draft' then
    perform private.fail('Issue the invoice before recording a payment', 'invoice_draft', 'PT409');
  end if;
  if doc.invoice_type_code = '381' then
    perform private.fail('A credit note takes no payments; record them on the invoice it corrects',
                         'payment_on_credit_note', '23514');
  end if;
  if refund > doc.paid_amount - doc.refunded_amount then
    perform private.fail(format('The refund exceeds the amount paid (%s)', doc.paid_amount - doc.refunded_amount),
                         'refund_exceeds_paid', '23514');
  end if;

  perform private.begin_trusted_call();
  perform set_config('nuzl.audit_reason', why, true);
  note := private.draft_credit_note(doc, refund, why, 'Refund on ' || doc.invoice_number,
                                    'استرداد على الفاتورة ' || doc.invoice_number);
  -- The money going back first: it makes that much due again, which the credit note then covers.
  insert into public.payments (organization_id, invoice_id, method, amount, reference_number, notes, paid_at,
                               is_refund, credit_note_id, received_by)
  values (doc.organization_id, doc.id, method, refund, nullif(btrim(coalesce(reference_number, '')), ''), why, now(),
          true, note.id, auth.uid());
  update public.invoices x set status = 'pending' where x.id = note.id;
  perform set_config('nuzl.audit_reason', '', true);
  perform private.end_trusted_call();
  select * into doc from public.invoices x where x.id = doc.id;
  return doc;
end;
$$;
comment on function public.refund_invoice(uuid, numeric, text, public.payment_method, text) is
  'Refunds money of a document (invoices.write and payments.write): at most paid − refunded; records the refund row and a credit note of the same amount together (audited with the reason); refunded when everything paid went back. Returns the document; the credit note is among get_invoice''s credit_notes.';
revoke all on function public.refund_invoice(uuid, numeric, text, public.payment_method, text) from public;
grant execute on function public.refund_invoice(uuid, numeric, text, public.payment_method, text) to authenticated, service_role;

create or replace function public.record_payment(invoice_id uuid, amount numeric, method public.payment_method,
                                                 reference_number text default null, notes text default null,
                                                 paid_at timestamptz default now())
returns public.payments
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  pay public.payments;
begin
  if invoice_id is null or amount is null or method is null then
    perform private.fail('This field is required', 'field_required', '23502');
  end if;
  perform private.require_permission('payments.write');
  if amount <= 0 or round(amount, 2) <= 0 then
    perform private.fail('Enter the amount received (more than 0)', 'payment_amount_invalid', '22023');
  end if;
  if amount > 9999999999.99 then
    perform private.fail('The payment exceeds the remaining balance of the invoice', 'payment_exceeds_balance', '23514');
  end if;
  if length(reference_number) > 100 then
    perform private.fail('The reference has at most 100 characters', 'payment_reference_invalid', '22023');
  end if;
  if length(notes) > 1000 then
    perform private.fail('The notes have at most 1000 characters', 'payment_notes_invalid', '22023');
  end if;
  insert into public.payments (invoice_id, amount, method, reference_number, notes, paid_at)
  values (invoice_id, round(amount, 2), method, nullif(btrim(coalesce(reference_number, '')), ''),
          nullif(btrim(coalesce(notes, '')), ''), coalesce(paid_at, now()))
  returning * into pay;
  return pay;
end;
$$;
comment on function public.record_payment(uuid, numeric, public.payment_method, text, text, timestamptz) is
  'Records a (possibly partial) payment (payments.write) on an issued invoice or debit note: more than 0, at most the balance (payment_exceeds_balance), not in the future; the balance and status follow.';

create function public.delete_payment(payment_id uuid, reason text)
returns public.invoices
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  pay public.payments;
  doc public.invoices;
  why text;
begin
  select * into pay from public.payments p where p.id = payment_id;
  if pay.id is null then
    perform private.fail('This payment was not found', 'payment_not_found', 'PT404');
  end if;
  perform private.require_permission('payments.write');
  why := private.require_reason(reason, 'payment_delete_reason_required');
  perform set_config('nuzl.audit_reason', why, true);
  delete from public.payments p where p.id = pay.id;
  perform set_config('nuzl.audit_reason', '', true);
  select * into doc from public.invoices x where x.id = pay.invoice_id;
  return doc;
end;
$$;
comment on function public.delete_payment(uuid, text) is
  'Deletes a payment (payments.write) with a reason kept in the audit log; the invoice''s balance and status follow. Refund rows, payments of cancelled/refunded documents and payments already refunded in part stay. Returns the invoice.';
revoke all on function public.delete_payment(uuid, text) from public;
grant execute on function public.delete_payment(uuid, text) to authenticated, service_role;

create or replace function public.mark_invoice_paid(invoice_id uuid, method public.payment_method default 'cash',
                                                    reference_number text default null)
returns public.invoices
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  inv public.invoices;
begin
  select * into inv from public.invoices i where i.id = invoice_id;
  if inv.id is null then
    perform private.fail('Error loading invoices', 'invoice_not_found', 'PT404');
  end if;
  if inv.status = 'draft' then
    perform private.require_permission('invoices.write');
    update public.invoices set status = 'pending' where id = inv.id returning * into inv;
  end if;
  if inv.balance_due > 0 then
    perform public.record_payment(inv.id, inv.balance_due, coalesce(method, 'cash'), reference_number, null, now());
  elsif inv.status in ('cancelled', 'refunded') then
    perform private.fail('This invoice does not accept payments', 'invoice_closed', 'PT409');
  end if;
  select * into inv from public.invoices i where i.id = invoice_id;
  return inv;
end;
$$;
comment on function public.mark_invoice_paid(uuid, public.payment_method, text) is
  'Issues a draft if needed (invoices.write), then records a payment of the remaining balance (payments.write); an invoice the caller cannot read is 404.';
