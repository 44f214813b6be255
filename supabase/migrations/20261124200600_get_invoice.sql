-- Money (issue 11): everything the invoice page needs in one call, as the caller (RLS: a document
-- of another organisation, or one the caller may not read, is "not found"; payments only for
-- payments.read holders).
--
-- get_invoice(invoice_id) → {…every column of the invoice…, lines: [{id, position, description,
--   description_ar, quantity, rate, amount, vat_category, vat_rate, vat_amount, vat_exemption_code,
--   vat_exemption_reason}], payments: [{id, paid_at, method, amount, reference_number, notes,
--   is_refund, credit_note_id, is_partial, remaining_balance, received_by_name}] | null (no
--   payments.read), credit_notes / debit_notes: [{id, invoice_number, status, issue_date, reason,
--   total_amount, zatca_status}], original_invoice: {id, invoice_number, document_type, issue_date,
--   total_amount, status} | null, seller: {name, name_en, vat_number, commercial_registration,
--   address: {street, building_number, additional_number, district, city, region, postal_code,
--   country}} (the snapshot once issued, the organisation's current profile for a draft),
--   buyer: {name, vat_number, id_scheme, id, address}, client: {id, name, phone, email,
--   preferred_language} | null, booking: {id, booking_reference, check_in, check_out, nights,
--   unit_id, unit_name, unit_name_ar} | null, zatca: {status, uuid, invoice_counter, invoice_hash,
--   previous_invoice_hash, qr, submitted_at, submissions: [{id, kind, status, attempts,
--   last_attempt_at, next_attempt_at, completed_at, http_status, warnings, errors, last_error,
--   history}]}, can: {write, pay}}
create function public.get_invoice(invoice_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_variable
declare
  inv public.invoices;
  org public.organizations;
  can_pay boolean := private.has_permission('payments.read');
begin
  select * into inv from public.invoices i where i.id = invoice_id;
  if inv.id is null then
    perform private.fail('This invoice was not found', 'invoice_not_found', 'PT404');
  end if;
  select * into org from public.organizations o where o.id = inv.organization_id;
  return to_jsonb(inv) || jsonb_build_object(
    'lines', coalesce((select jsonb_agg(jsonb_build_object(
        'id', li.id, 'position', li.position, 'description', li.description, 'description_ar', li.description_ar,
        'quantity', li.quantity, 'rate', li.rate, 'amount', li.amount, 'vat_category', li.vat_category,
        'vat_rate', case when li.vat_category = 'S' then inv.vat_rate else 0 end, 'vat_amount', li.vat_amount,
        'vat_exemption_code', li.vat_exemption_code, 'vat_exemption_reason', li.vat_exemption_reason)
        order by li.position, li.created_at)
      from public.invoice_items li where li.invoice_id = inv.id), '[]'::jsonb),
    'payments', case when can_pay then coalesce((select jsonb_agg(jsonb_build_object(
        'id', p.id, 'paid_at', p.paid_at, 'method', p.method, 'amount', p.amount,
        'reference_number', p.reference_number, 'notes', p.notes, 'is_refund', p.is_refund,
        'credit_note_id', p.credit_note_id, 'is_partial', p.is_partial, 'remaining_balance', p.remaining_balance,
        'received_by_name', (select pr.full_name from public.profiles pr where pr.user_id = p.received_by
                               and pr.organization_id = p.organization_id))
        order by p.paid_at, p.created_at)
      from public.payments p where p.invoice_id = inv.id), '[]'::jsonb) end,
    'credit_notes', coalesce((select jsonb_agg(jsonb_build_object(
        'id', n.id, 'invoice_number', n.invoice_number, 'status', n.status, 'issue_date', n.issue_date,
        'reason', n.reason, 'total_amount', n.total_amount, 'zatca_status', n.zatca_status)
        order by n.sequence_number nulls last, n.created_at)
      from public.invoices n where n.original_invoice_id = inv.id and n.invoice_type_code = '381'), '[]'::jsonb),
    'debit_notes', coalesce((select jsonb_agg(jsonb_build_object(
        'id', n.id, 'invoice_number', n.invoice_number, 'status', n.status, 'issue_date', n.issue_date,
        'reason', n.reason, 'total_amount', n.total_amount, 'balance_due', n.balance_due, 'zatca_status', n.zatca_status)
        order by n.sequence_number nulls last, n.created_at)
      from public.invoices n where n.original_invoice_id = inv.id and n.invoice_type_code = '383'), '[]'::jsonb),
    'original_invoice', (select jsonb_build_object('id', o.id, 'invoice_number', o.invoice_number,
        'document_type', o.document_type, 'issue_date', o.issue_date, 'total_amount', o.total_amount, 'status', o.status)
      from public.invoices o where o.id = inv.original_invoice_id),
    'seller', case when inv.issued_at is not null and inv.seller_national_address is not null then
        jsonb_build_object('name', inv.seller_name, 'name_en', inv.seller_name_en, 'vat_number', inv.seller_vat_number,
                           'commercial_registration', inv.seller_commercial_registration,
                           'address', inv.seller_national_address)
      else jsonb_build_object('name', org.legal_name_ar, 'name_en', coalesce(org.legal_name_en, org.name),
                              'vat_number', org.vat_number, 'commercial_registration', org.commercial_registration,
                              'address', private.seller_snapshot(org)) end,
    'buyer', jsonb_build_object('name', coalesce(inv.buyer_name, (select c.name from public.clients c where c.id = inv.client_id)),
                                'vat_number', inv.buyer_vat_number, 'id_scheme', inv.buyer_id_scheme,
                                'id', inv.buyer_id, 'address', inv.buyer_address),
    'client', (select jsonb_build_object('id', c.id, 'name', c.name, 'phone', c.phone, 'email', c.email,
                                         'preferred_language', c.preferred_language)
               from public.clients c where c.id = inv.client_id),
    'booking', (select jsonb_build_object('id', b.id, 'booking_reference', b.booking_reference, 'check_in', b.check_in,
                                          'check_out', b.check_out, 'nights', b.nights, 'unit_id', b.unit_id,
                                          'unit_name', u.name, 'unit_name_ar', u.name_ar)
                from public.bookings b left join public.units u on u.id = b.unit_id where b.id = inv.booking_id),
    'zatca', jsonb_build_object('status', inv.zatca_status, 'uuid', inv.zatca_uuid,
                                'invoice_counter', inv.zatca_invoice_counter, 'invoice_hash', inv.zatca_invoice_hash,
                                'previous_invoice_hash', inv.zatca_previous_invoice_hash, 'qr', inv.zatca_qr_payload,
                                'submitted_at', inv.zatca_submitted_at,
                                'submissions', coalesce((select jsonb_agg(jsonb_build_object(
                                    'id', s.id, 'kind', s.kind, 'status', s.status, 'attempts', s.attempts,
                                    'last_attempt_at', s.last_attempt_at, 'next_attempt_at', s.next_attempt_at,
                                    'completed_at', s.completed_at, 'http_status', s.http_status,
                                    'warnings', s.warnings, 'errors', s.errors, 'last_error', s.last_error,
                                    'history', s.history) order by s.created_at)
                                  from public.einvoicing_submissions s where s.invoice_id = inv.id), '[]'::jsonb)),
    'can', jsonb_build_object('write', private.has_permission('invoices.write'),
                              'pay', private.has_permission('payments.write')));
end;
$$;
comment on function public.get_invoice(uuid) is
  'The invoice page in one call (invoices.read; RLS): the document with lines, payments (payments.read), credit/debit notes, original, seller snapshot, buyer, client, booking, ZATCA state and submissions, and what the caller may do. Another organisation''s or an unreadable document is PT404.';
revoke all on function public.get_invoice(uuid) from public;
grant execute on function public.get_invoice(uuid) to authenticated, service_role;
