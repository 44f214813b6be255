-- ZATCA e-invoicing (issue 11): what staff see of it (einvoicing_overview, never a secret), and
-- what the edge function builds a document's XML from (einvoicing_document, service role).

-- The queue of an organisation: counts per state and the documents that failed or were rejected.
-- Security definer so a settings.manage holder without invoices.read still sees the state of the
-- integration (counts, numbers, errors; no amounts or parties); only for the caller's own
-- organisation and only for settings.manage or invoices.read holders (trusted callers: any).
create function private.einvoicing_queue_state(org uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if org is null or not (private.is_trusted()
                         or (org = private.current_org_id()
                             and (private.has_permission('settings.manage') or private.has_permission('invoices.read')))) then
    return null;
  end if;
  return jsonb_build_object(
    'counts', (select jsonb_build_object(
        'queued', count(*) filter (where s.status = 'queued'),
        'submitted', count(*) filter (where s.status = 'submitted'),
        'reported', count(*) filter (where s.status = 'reported'),
        'cleared', count(*) filter (where s.status = 'cleared'),
        'rejected', count(*) filter (where s.status = 'rejected'),
        'failed', count(*) filter (where s.status = 'failed'))
      from public.einvoicing_submissions s where s.organization_id = org and s.kind <> 'compliance'),
    'failed', coalesce((select jsonb_agg(f order by f.last_attempt_at desc nulls last) from (
        select s.invoice_id, i.invoice_number, i.document_type, s.kind, s.status, s.attempts, s.last_error,
               s.errors, s.last_attempt_at, s.next_attempt_at
        from public.einvoicing_submissions s join public.invoices i on i.id = s.invoice_id
        where s.organization_id = org and s.status in ('failed', 'rejected')
        order by s.last_attempt_at desc nulls last limit 50) f), '[]'::jsonb));
end;
$$;
comment on function private.einvoicing_queue_state(uuid) is
  'Counts of an organisation''s ZATCA submissions per state and its failed/rejected documents (number, attempts, errors), for settings.manage or invoices.read holders of that organisation.';
revoke all on function private.einvoicing_queue_state(uuid) from public;
grant execute on function private.einvoicing_queue_state(uuid) to authenticated, service_role;

-- einvoicing_overview() → {profile_complete, missing: [field keys], environment, onboarding_status
-- ('not_started' | 'csr_created' | 'compliance_csid' | 'compliance_checked' | 'production_csid' |
-- 'failed'), onboarding_error, certificate_expires_at, last_invoice_counter, last_invoice_hash,
-- counts: {queued, submitted, reported, cleared, rejected, failed}, failed: [{invoice_id,
-- invoice_number, document_type, kind, status, attempts, last_error, errors, last_attempt_at,
-- next_attempt_at}]} for settings.manage or invoices.read holders.
create function public.einvoicing_overview()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
  onboarding record;
  missing text[];
  queue jsonb;
begin
  if org is null then
    perform private.fail('Organization access required.', 'organization_access_required', '42501');
  end if;
  if not (private.has_permission('settings.manage') or private.has_permission('invoices.read')) then
    perform private.fail('Permission denied. Contact administrator.', 'invoices_read_required', '42501');
  end if;
  select * into onboarding from private.einvoicing_onboarding(org);
  missing := private.tax_profile_missing(org);
  queue := private.einvoicing_queue_state(org);
  return jsonb_build_object(
    'profile_complete', cardinality(missing) = 0,
    'missing', to_jsonb(missing),
    'environment', onboarding.environment,
    'onboarding_status', case when onboarding.status is null or onboarding.status = 'retired' then 'not_started'
                              else onboarding.status end,
    'onboarding_error', onboarding.last_error,
    'certificate_expires_at', onboarding.certificate_expires_at,
    'last_invoice_counter', coalesce(onboarding.last_invoice_counter, 0),
    'last_invoice_hash', onboarding.last_invoice_hash,
    'counts', queue -> 'counts',
    'failed', queue -> 'failed');
end;
$$;
comment on function public.einvoicing_overview() is
  'The tax-compliance section (settings.manage or invoices.read): tax profile completeness, ZATCA onboarding status and environment, the ICV counter and last hash, submission counts and failed/rejected documents; never a key or secret.';
revoke all on function public.einvoicing_overview() from public;
grant execute on function public.einvoicing_overview() to authenticated, service_role;

-- The reason text of a VAT exemption code ([XML] §11.2.4), for documents that carry only the code.
create function private.vat_exemption_text(code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case code
    when 'VATEX-SA-29' then 'Financial services mentioned in Article 29 of the VAT Regulations'
    when 'VATEX-SA-29-7' then 'Life insurance services mentioned in Article 29 of the VAT Regulations'
    when 'VATEX-SA-30' then 'Real estate transactions mentioned in Article 30 of the VAT Regulations'
    when 'VATEX-SA-32' then 'Export of goods'
    when 'VATEX-SA-33' then 'Export of services'
    when 'VATEX-SA-34-1' then 'The international transport of Goods'
    when 'VATEX-SA-34-2' then 'International transport of passengers'
    when 'VATEX-SA-35' then 'Medicines and medical equipment'
    when 'VATEX-SA-36' then 'Qualifying metals'
    when 'VATEX-SA-EDU' then 'Private education to citizen'
    when 'VATEX-SA-HEA' then 'Private healthcare to citizen'
    when 'VATEX-SA-OOS' then 'Not subject to VAT'
  end
$$;
comment on function private.vat_exemption_text(text) is 'The code-list reason text of a VATEX-SA exemption code.';
revoke all on function private.vat_exemption_text(text) from public;
grant execute on function private.vat_exemption_text(text) to authenticated, service_role;

-- einvoicing_document(invoice_id) → the UBL builder's input (supabase/functions/_shared/zatca,
-- invoiceInputSchema) without icv and previousInvoiceHash (from the chain), plus what the
-- function needs around it: {organizationId, invoiceId, kind, documentType, number, uuid,
-- issueDate, issueTime, billingReference?, reason?, paymentMeansCode, supplier: {registrationName,
-- vatNumber, identification: {scheme: 'CRN', value}, address}, customer?: {registrationName,
-- vatNumber?, identification?, address?}, delivery?: {actualDate, latestDate?}, lines: [{name,
-- nameEn, quantity, unitPrice, vat: {category, rate?, exemptionCode?, exemptionReason?}}],
-- currency, exchangeRate, totals: {lineExtension, taxExclusive, vat, taxInclusive, vatSar},
-- zatca: {status, invoiceCounter, invoiceHash, qr}, signedXmlPath, clearedXmlPath}.
-- Amounts are decimal strings as stored. Service role only.
create function public.einvoicing_document(invoice_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_variable
declare
  inv public.invoices;
  original_number text;
  booking record;
  first_method public.payment_method;
  seller jsonb;
  buyer jsonb;
begin
  select * into inv from public.invoices i where i.id = invoice_id;
  if inv.id is null then
    perform private.fail('This invoice was not found', 'invoice_not_found', 'PT404');
  end if;
  if inv.issued_at is null or inv.status = 'draft' then
    perform private.fail('Issue the invoice before sending it to ZATCA', 'invoice_draft', 'PT409');
  end if;
  select o.invoice_number into original_number from public.invoices o where o.id = inv.original_invoice_id;
  select b.check_in, b.check_out into booking from public.bookings b where b.id = inv.booking_id;
  select p.method into first_method from public.payments p where p.invoice_id = coalesce(inv.original_invoice_id, inv.id)
   and not p.is_refund order by p.paid_at limit 1;
  seller := inv.seller_national_address;
  buyer := inv.buyer_address;
  return jsonb_strip_nulls(jsonb_build_object(
    'organizationId', inv.organization_id,
    'invoiceId', inv.id,
    'kind', inv.invoice_kind,
    'documentType', inv.document_type,
    'number', inv.invoice_number,
    'uuid', inv.zatca_uuid,
    'issueDate', to_char(inv.issue_date, 'YYYY-MM-DD'),
    'issueTime', to_char(inv.issue_time, 'HH24:MI:SS'),
    'billingReference', original_number,
    'reason', inv.reason,
    'paymentMeansCode', case when first_method is null or first_method = 'mobile_payment' then '1'
                             when first_method = 'cash' then '10' when first_method = 'bank_transfer' then '42'
                             else '48' end,
    'supplier', jsonb_build_object(
      'registrationName', inv.seller_name, 'vatNumber', inv.seller_vat_number,
      'identification', jsonb_build_object('scheme', 'CRN', 'value', inv.seller_commercial_registration),
      'address', jsonb_strip_nulls(jsonb_build_object(
        'street', seller ->> 'street', 'buildingNumber', seller ->> 'building_number',
        'additionalNumber', seller ->> 'additional_number', 'district', seller ->> 'district',
        'city', seller ->> 'city', 'postalCode', seller ->> 'postal_code', 'countryCode', 'SA'))),
    'customer', case when inv.buyer_name is not null or inv.buyer_vat_number is not null or buyer is not null then
      jsonb_strip_nulls(jsonb_build_object(
        'registrationName', inv.buyer_name, 'vatNumber', inv.buyer_vat_number,
        'identification', case when inv.buyer_id is not null then
          jsonb_build_object('scheme', inv.buyer_id_scheme, 'value', inv.buyer_id) end,
        'address', case when buyer is not null then jsonb_strip_nulls(jsonb_build_object(
          'street', buyer ->> 'street', 'buildingNumber', buyer ->> 'building_number',
          'additionalNumber', buyer ->> 'additional_number', 'district', buyer ->> 'district',
          'city', buyer ->> 'city', 'postalCode', buyer ->> 'postal_code',
          'countryCode', coalesce(buyer ->> 'country', 'SA'))) end)) end,
    'delivery', jsonb_strip_nulls(jsonb_build_object(
      'actualDate', to_char(coalesce(booking.check_in, inv.issue_date), 'YYYY-MM-DD'),
      'latestDate', to_char(booking.check_out, 'YYYY-MM-DD'))),
    'lines', (select jsonb_agg(jsonb_build_object(
        'name', coalesce(li.description_ar, li.description), 'nameEn', li.description,
        'quantity', li.quantity::text, 'unitPrice', li.rate::text,
        'vat', case when li.vat_category = 'S' then jsonb_build_object('category', 'S', 'rate', '15')
                    else jsonb_strip_nulls(jsonb_build_object(
                      'category', li.vat_category, 'exemptionCode', li.vat_exemption_code,
                      'exemptionReason', coalesce(li.vat_exemption_reason, private.vat_exemption_text(li.vat_exemption_code))))
               end) order by li.position, li.created_at)
      from public.invoice_items li where li.invoice_id = inv.id),
    'currency', inv.currency,
    'exchangeRate', coalesce(inv.exchange_rate, 1)::text,
    'totals', jsonb_build_object('lineExtension', inv.subtotal::text, 'taxExclusive', inv.subtotal::text,
                                 'vat', inv.vat_amount::text, 'taxInclusive', inv.total_amount::text,
                                 'vatSar', inv.vat_amount_sar::text),
    'zatca', jsonb_build_object('status', inv.zatca_status, 'invoiceCounter', inv.zatca_invoice_counter,
                                'invoiceHash', inv.zatca_invoice_hash, 'qr', inv.zatca_qr_payload),
    'signedXmlPath', inv.organization_id || '/' || inv.id || '.xml',
    'clearedXmlPath', inv.organization_id || '/' || inv.id || '.cleared.xml'));
end;
$$;
comment on function public.einvoicing_document(uuid) is
  'Service role (edge function zatca): an issued document as the UBL builder''s input (invoiceInputSchema without icv/previousInvoiceHash) plus currency, exchange rate, totals (with the VAT in SAR), ZATCA state and the storage paths of its XML.';
revoke all on function public.einvoicing_document(uuid) from public, anon, authenticated;
grant execute on function public.einvoicing_document(uuid) to service_role;
