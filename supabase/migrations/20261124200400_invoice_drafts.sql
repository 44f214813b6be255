-- Money (issue 11): drafts and issuing through RPCs, as the caller (RLS applies; they need
-- invoices.write). create_invoice(invoice) and update_invoice_draft(id, invoice) take one JSON
-- document with its lines, check every field with a key the app translates, and write the draft
-- and its lines together; issue_invoice(id) issues a draft (the rules are in invoices_before_write).
--
-- invoice = {document_type: 'invoice'|'credit_note'|'debit_note' (notes need original_invoice_id and
--   reason), invoice_kind: 'simplified'|'standard', client_id?, booking_id?, original_invoice_id?,
--   reason?, currency?: 'SAR'|'AED'|'USD'|'EUR', exchange_rate? (SAR per unit; required for other
--   currencies, 1 for SAR), issue_date?, due_date?, notes?, buyer_name?, buyer_vat_number?,
--   buyer_id_scheme?, buyer_id?, buyer_address?: {street, building_number, additional_number,
--   district, city, postal_code, country}, lines: [{description, description_ar?, quantity, rate,
--   vat_category?: 'S'|'Z'|'E'|'O', vat_exemption_code?, vat_exemption_reason?}]}

-- A JSON value as a bounded decimal (JSON number or numeric string), or a 400 with the key.
create function private.json_decimal(value jsonb, max_scale integer, key text, message text)
returns numeric
language plpgsql
immutable
set search_path = ''
as $$
declare
  n numeric;
begin
  if value is null or jsonb_typeof(value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(value) = 'number' then
    n := (value #>> '{}')::numeric;
  elsif jsonb_typeof(value) = 'string' and btrim(value #>> '{}') ~ '^-?[0-9]{1,15}(\.[0-9]{1,12})?$' then
    n := btrim(value #>> '{}')::numeric;
  end if;
  if n is null or abs(n) >= 1e15 or n <> round(n, max_scale) then
    raise exception using message = message, hint = key, errcode = '22023';
  end if;
  return n;
end;
$$;
comment on function private.json_decimal(jsonb, integer, text, text) is
  'A JSON number or numeric string with at most max_scale decimals (and below 10^15), else a 400 with the given key.';
revoke all on function private.json_decimal(jsonb, integer, text, text) from public;
grant execute on function private.json_decimal(jsonb, integer, text, text) to authenticated, service_role;

-- A JSON string trimmed (empty → null) of at most max_length characters, else a 400 with the key.
create function private.json_text(value jsonb, max_length integer, key text, message text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  t text;
begin
  if value is null or jsonb_typeof(value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(value) <> 'string' then
    raise exception using message = message, hint = key, errcode = '22023';
  end if;
  t := nullif(btrim(value #>> '{}'), '');
  if length(t) > max_length or t ~ '[\x01-\x08\x0B\x0C\x0E-\x1F]' then
    raise exception using message = message, hint = key, errcode = '22023';
  end if;
  return t;
end;
$$;
comment on function private.json_text(jsonb, integer, text, text) is
  'A trimmed JSON string (empty → null) of at most max_length characters without control characters, else a 400 with the given key.';
revoke all on function private.json_text(jsonb, integer, text, text) from public;
grant execute on function private.json_text(jsonb, integer, text, text) to authenticated, service_role;

-- A JSON uuid string, else a 400 with the key.
create function private.json_uuid(value jsonb, key text)
returns uuid
language plpgsql
immutable
set search_path = ''
as $$
begin
  if value is null or jsonb_typeof(value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(value) <> 'string'
     or (value #>> '{}') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception using message = 'Please check your input and try again.', hint = key, errcode = '22023';
  end if;
  return (value #>> '{}')::uuid;
end;
$$;
comment on function private.json_uuid(jsonb, text) is 'A JSON uuid string, else a 400 with the given key.';
revoke all on function private.json_uuid(jsonb, text) from public;
grant execute on function private.json_uuid(jsonb, text) to authenticated, service_role;

-- A JSON date 'YYYY-MM-DD' between 2000 and 2100, else a 400 with the key.
create function private.json_date(value jsonb, key text)
returns date
language plpgsql
immutable
set search_path = ''
as $$
declare
  d date;
begin
  if value is null or jsonb_typeof(value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(value) = 'string' and (value #>> '{}') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
    begin
      d := (value #>> '{}')::date;
    exception when others then
      d := null;
    end;
  end if;
  if d is null or d < date '2000-01-01' or d > date '2100-12-31' then
    raise exception using message = 'The date is not valid', hint = key, errcode = '22023';
  end if;
  return d;
end;
$$;
comment on function private.json_date(jsonb, text) is 'A JSON date (YYYY-MM-DD, 2000–2100), else a 400 with the given key.';
revoke all on function private.json_date(jsonb, text) from public;
grant execute on function private.json_date(jsonb, text) to authenticated, service_role;

-- Validates an invoice document and writes it as a draft (a new one when target is null, else the
-- draft target, whose lines it replaces). Runs as the caller: RLS decides what is visible and
-- writable, the tenancy trigger answers another organisation's client, booking or original as
-- "not found".
create function private.write_invoice_draft(target uuid, invoice jsonb)
returns public.invoices
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  today date;
  unknown text;
  doc_type text;
  type_code text;
  kind text;
  client uuid;
  booking uuid;
  original public.invoices;
  original_id uuid;
  reason text;
  currency public.currency_code;
  rate numeric;
  issue date;
  due date;
  notes text;
  buyer_name text;
  buyer_vat text;
  buyer_scheme text;
  buyer_id text;
  address jsonb;
  buyer_address jsonb;
  lines jsonb;
  line jsonb;
  i integer := 0;
  quantity numeric;
  line_rate numeric;
  category text;
  exemption text;
  standard numeric := 0;
  subtotal numeric := 0;
  inv public.invoices;
  default_currency public.currency_code;
begin
  if org is null then
    perform private.fail('Organization access required.', 'organization_access_required', '42501');
  end if;
  if invoice is null or jsonb_typeof(invoice) <> 'object' then
    perform private.fail('Please check the invoice details and try again', 'invoice_input_invalid', '22023');
  end if;
  select k into unknown from jsonb_object_keys(invoice) k
   where k not in ('document_type', 'invoice_kind', 'client_id', 'booking_id', 'original_invoice_id', 'reason',
                   'currency', 'exchange_rate', 'issue_date', 'due_date', 'notes', 'buyer_name', 'buyer_vat_number',
                   'buyer_id_scheme', 'buyer_id', 'buyer_address', 'lines')
   limit 1;
  if unknown is not null then
    perform private.fail(format('Unknown invoice field %s', unknown), 'invoice_input_invalid', '22023');
  end if;
  select o.default_currency into default_currency from public.organizations o where o.id = org;
  today := private.org_today(org);

  doc_type := coalesce(private.json_text(invoice -> 'document_type', 20, 'invoice_input_invalid',
                                         'Please check the invoice details and try again'), 'invoice');
  type_code := case doc_type when 'invoice' then '388' when 'credit_note' then '381' when 'debit_note' then '383' end;
  kind := coalesce(private.json_text(invoice -> 'invoice_kind', 20, 'invoice_input_invalid',
                                     'Please check the invoice details and try again'), 'simplified');
  if type_code is null or kind not in ('simplified', 'standard') then
    perform private.fail('Please check the invoice details and try again', 'invoice_input_invalid', '22023');
  end if;
  client := private.json_uuid(invoice -> 'client_id', 'invoice_input_invalid');
  booking := private.json_uuid(invoice -> 'booking_id', 'invoice_input_invalid');
  original_id := private.json_uuid(invoice -> 'original_invoice_id', 'invoice_input_invalid');
  reason := private.json_text(invoice -> 'reason', 500, 'invoice_reason_required',
                              'Give the reason for the credit or debit note (at most 500 characters)');
  notes := private.json_text(invoice -> 'notes', 2000, 'invoice_input_invalid', 'The notes are too long');

  -- A note corrects an issued document the caller can read, in its currency.
  if type_code = '388' then
    if original_id is not null then
      perform private.fail('Only credit and debit notes refer to another invoice', 'invoice_original_invalid', '23514');
    end if;
  else
    if original_id is null then
      perform private.fail('Choose the invoice this note corrects', 'invoice_original_required', '23514');
    end if;
    if reason is null then
      perform private.fail('Give the reason for the credit or debit note', 'invoice_reason_required', '23514');
    end if;
    select * into original from public.invoices x where x.id = original_id;
    if original.id is null then
      perform private.fail('This invoice was not found', 'invoice_not_found', 'PT404');
    end if;
    if original.status = 'draft' or original.issued_at is null then
      perform private.fail('Only an issued invoice can be corrected', 'invoice_original_not_issued', 'PT409');
    end if;
    if (type_code = '381' and original.invoice_type_code not in ('388', '383'))
       or (type_code = '383' and original.invoice_type_code <> '388') then
      perform private.fail('A credit note corrects an invoice or a debit note; a debit note corrects an invoice',
                           'invoice_original_invalid', '23514');
    end if;
    kind := original.invoice_kind;
    client := coalesce(client, original.client_id);
    booking := coalesce(booking, original.booking_id);
  end if;

  -- Currency and its rate to SAR.
  if invoice ? 'currency' and jsonb_typeof(invoice -> 'currency') <> 'null' then
    if jsonb_typeof(invoice -> 'currency') <> 'string' or (invoice ->> 'currency') not in ('SAR', 'AED', 'USD', 'EUR') then
      perform private.fail('Choose SAR, AED, USD or EUR', 'invoice_currency_invalid', '22023');
    end if;
    currency := (invoice ->> 'currency')::public.currency_code;
  end if;
  rate := private.json_decimal(invoice -> 'exchange_rate', 6, 'invoice_exchange_rate_invalid',
                               'The exchange rate is a positive number with at most 6 decimals');
  if type_code <> '388' then
    if (currency is not null and currency <> original.currency)
       or (rate is not null and rate <> coalesce(original.exchange_rate, rate)) then
      perform private.fail('A note is in the currency and exchange rate of the invoice it corrects',
                           'invoice_currency_mismatch', '23514');
    end if;
    currency := original.currency;
    rate := original.exchange_rate;
  end if;
  currency := coalesce(currency, default_currency, 'SAR');
  if rate is not null and (rate <= 0 or rate > 100000) then
    perform private.fail('The exchange rate is a positive number with at most 6 decimals', 'invoice_exchange_rate_invalid', '22023');
  end if;
  if currency = 'SAR' then
    if rate is not null and rate <> 1 then
      perform private.fail('An invoice in SAR has the exchange rate 1', 'invoice_exchange_rate_invalid', '22023');
    end if;
    rate := 1;
  elsif rate is null then
    perform private.fail('Enter the exchange rate to SAR for an invoice in another currency',
                         'invoice_exchange_rate_required', '23514');
  end if;

  -- Dates: the issue date of a draft is a plan (issuing stamps the real one); due not before it.
  issue := coalesce(private.json_date(invoice -> 'issue_date', 'invoice_date_invalid'), today);
  due := coalesce(private.json_date(invoice -> 'due_date', 'invoice_date_invalid'), greatest(issue, today) + 7);
  if due < issue then
    perform private.fail('The due date is before the issue date', 'invoice_due_before_issue', '23514');
  end if;

  -- Buyer.
  buyer_name := private.json_text(invoice -> 'buyer_name', 200, 'invoice_buyer_name_invalid',
                                  'The buyer''s name has at most 200 characters');
  buyer_vat := private.json_text(invoice -> 'buyer_vat_number', 15, 'vat_number_invalid',
                                 'The VAT number has 15 digits and starts and ends with 3');
  if buyer_vat is not null and buyer_vat !~ '^3[0-9]{13}3$' then
    perform private.fail('The VAT number has 15 digits and starts and ends with 3', 'vat_number_invalid', '22023');
  end if;
  buyer_scheme := private.json_text(invoice -> 'buyer_id_scheme', 3, 'buyer_id_invalid', 'Choose the type of the buyer''s ID');
  buyer_id := private.json_text(invoice -> 'buyer_id', 50, 'buyer_id_invalid', 'The buyer''s ID has letters and digits only');
  if (buyer_scheme is not null and buyer_scheme not in ('TIN', 'CRN', 'MOM', 'MLS', '700', 'SAG', 'NAT', 'GCC', 'IQA', 'PAS', 'OTH'))
     or (buyer_id is not null and buyer_id !~ '^[A-Za-z0-9-]{1,50}$')
     or ((buyer_scheme is null) <> (buyer_id is null)) then
    perform private.fail('Choose the type of the buyer''s ID and enter it (letters and digits)', 'buyer_id_invalid', '22023');
  end if;
  address := invoice -> 'buyer_address';
  if address is not null and jsonb_typeof(address) <> 'null' then
    if jsonb_typeof(address) <> 'object'
       or exists (select 1 from jsonb_object_keys(address) k
                  where k not in ('street', 'building_number', 'additional_number', 'district', 'city', 'postal_code', 'country')) then
      perform private.fail('Please check the buyer''s address', 'buyer_address_invalid', '22023');
    end if;
    buyer_address := jsonb_strip_nulls(jsonb_build_object(
      'street', private.json_text(address -> 'street', 200, 'buyer_address_invalid', 'Please check the buyer''s address'),
      'building_number', private.json_text(address -> 'building_number', 10, 'building_number_invalid', 'The building number has 4 digits'),
      'additional_number', private.json_text(address -> 'additional_number', 10, 'additional_number_invalid', 'The additional number has 4 digits'),
      'district', private.json_text(address -> 'district', 200, 'buyer_address_invalid', 'Please check the buyer''s address'),
      'city', private.json_text(address -> 'city', 200, 'buyer_address_invalid', 'Please check the buyer''s address'),
      'postal_code', private.json_text(address -> 'postal_code', 10, 'postal_code_invalid', 'The postal code has 5 digits'),
      'country', upper(coalesce(private.json_text(address -> 'country', 2, 'buyer_address_invalid', 'Please check the buyer''s address'), 'SA'))));
    if buyer_address ->> 'country' !~ '^[A-Z]{2}$' then
      perform private.fail('Please check the buyer''s address', 'buyer_address_invalid', '22023');
    end if;
    if buyer_address ->> 'country' = 'SA' then
      if coalesce(buyer_address ->> 'building_number', '0000') !~ '^[0-9]{4}$' then
        perform private.fail('The building number has 4 digits', 'building_number_invalid', '22023');
      end if;
      if coalesce(buyer_address ->> 'additional_number', '0000') !~ '^[0-9]{4}$' then
        perform private.fail('The additional number has 4 digits', 'additional_number_invalid', '22023');
      end if;
      if coalesce(buyer_address ->> 'postal_code', '00000') !~ '^[0-9]{5}$' then
        perform private.fail('The postal code has 5 digits', 'postal_code_invalid', '22023');
      end if;
    end if;
    if buyer_address = jsonb_build_object('country', buyer_address ->> 'country') then
      buyer_address := null;
    end if;
  end if;

  -- Lines: at least one, each bounded; the document within numeric(12,2).
  lines := invoice -> 'lines';
  if lines is null or jsonb_typeof(lines) <> 'array' or jsonb_array_length(lines) = 0 then
    perform private.fail('Add at least one line to the invoice', 'invoice_no_lines', '23514');
  end if;
  if jsonb_array_length(lines) > 200 then
    perform private.fail('An invoice has at most 200 lines', 'invoice_too_many_lines', '22023');
  end if;
  for line in select value from jsonb_array_elements(lines) loop
    if jsonb_typeof(line) <> 'object'
       or exists (select 1 from jsonb_object_keys(line) k
                  where k not in ('description', 'description_ar', 'quantity', 'rate', 'vat_category',
                                  'vat_exemption_code', 'vat_exemption_reason')) then
      perform private.fail('Please check the invoice lines', 'invoice_line_invalid', '22023');
    end if;
    if private.json_text(line -> 'description', 500, 'invoice_line_description_required',
                         'Each line needs a description (at most 500 characters)') is null then
      perform private.fail('Each line needs a description (at most 500 characters)', 'invoice_line_description_required', '23514');
    end if;
    perform private.json_text(line -> 'description_ar', 500, 'invoice_line_description_required',
                              'Each line needs a description (at most 500 characters)');
    quantity := private.json_decimal(line -> 'quantity', 3, 'invoice_line_quantity_invalid',
                                     'The quantity is more than 0 and at most 100,000, with up to 3 decimals');
    if quantity is null or quantity <= 0 or quantity > 100000 then
      perform private.fail('The quantity is more than 0 and at most 100,000, with up to 3 decimals',
                           'invoice_line_quantity_invalid', '22023');
    end if;
    line_rate := private.json_decimal(line -> 'rate', 2, 'invoice_line_rate_invalid',
                                      'The rate is between 0 and 10,000,000, with up to 2 decimals');
    if line_rate is null or line_rate < 0 or line_rate > 10000000 then
      perform private.fail('The rate is between 0 and 10,000,000, with up to 2 decimals', 'invoice_line_rate_invalid', '22023');
    end if;
    category := coalesce(private.json_text(line -> 'vat_category', 1, 'invoice_line_invalid', 'Please check the invoice lines'), 'S');
    exemption := private.json_text(line -> 'vat_exemption_code', 30, 'invoice_line_exemption_invalid',
                                   'Choose a VAT exemption reason code (VATEX-SA-…)');
    if category not in ('S', 'Z', 'E', 'O') then
      perform private.fail('Please check the invoice lines', 'invoice_line_invalid', '22023');
    end if;
    if category = 'S' and exemption is not null
       or exemption is not null and exemption !~ '^VATEX-SA-[A-Z0-9-]{1,10}$' then
      perform private.fail('Choose a VAT exemption reason code (VATEX-SA-…)', 'invoice_line_exemption_invalid', '22023');
    end if;
    if category = 'Z' and exemption is null then
      perform private.fail('Choose the reason a zero-rated line carries no VAT', 'invoice_line_exemption_required', '23514');
    end if;
    perform private.json_text(line -> 'vat_exemption_reason', 500, 'invoice_line_exemption_invalid',
                              'Choose a VAT exemption reason code (VATEX-SA-…)');
    if round(quantity * line_rate, 2) > 9999999999.99 then
      perform private.fail('The invoice amount is too large', 'invoice_amount_too_large', '22023');
    end if;
    subtotal := subtotal + round(quantity * line_rate, 2);
    if category = 'S' then
      standard := standard + round(quantity * line_rate, 2);
    end if;
  end loop;
  if subtotal + round(standard * public.vat_rate(), 2) > 9999999999.99 then
    perform private.fail('The invoice amount is too large', 'invoice_amount_too_large', '22023');
  end if;

  -- Write the draft, then its lines.
  if target is null then
    insert into public.invoices (organization_id, status, invoice_type_code, invoice_kind, client_id, booking_id,
                                 original_invoice_id, reason, currency, exchange_rate, issue_date, due_date, notes,
                                 buyer_name, buyer_vat_number, buyer_id_scheme, buyer_id, buyer_address)
    values (org, 'draft', type_code, kind, client, booking, original_id, reason, currency, rate, issue, due, notes,
            buyer_name, buyer_vat, buyer_scheme, buyer_id, buyer_address)
    returning * into inv;
  else
    update public.invoices x set
      invoice_type_code = type_code, invoice_kind = kind, client_id = client, booking_id = booking,
      original_invoice_id = original_id, reason = reason, currency = currency,
      exchange_rate = rate, issue_date = issue, due_date = due, notes = notes,
      buyer_name = buyer_name, buyer_vat_number = buyer_vat, buyer_id_scheme = buyer_scheme,
      buyer_id = buyer_id, buyer_address = buyer_address
    where x.id = target
    returning * into inv;
    delete from public.invoice_items li where li.invoice_id = target;
  end if;
  for line in select value from jsonb_array_elements(lines) loop
    insert into public.invoice_items (invoice_id, description, description_ar, quantity, rate, position, vat_category,
                                      vat_exemption_code, vat_exemption_reason)
    values (inv.id, btrim(line ->> 'description'), nullif(btrim(line ->> 'description_ar'), ''),
            private.json_decimal(line -> 'quantity', 3, 'invoice_line_quantity_invalid', ''),
            private.json_decimal(line -> 'rate', 2, 'invoice_line_rate_invalid', ''), i,
            coalesce(line ->> 'vat_category', 'S'), nullif(btrim(line ->> 'vat_exemption_code'), ''),
            nullif(btrim(line ->> 'vat_exemption_reason'), ''));
    i := i + 1;
  end loop;
  select * into inv from public.invoices x where x.id = inv.id;
  return inv;
end;
$$;
comment on function private.write_invoice_draft(uuid, jsonb) is
  'Validates an invoice document (fields, note original, currency and rate, dates, buyer, 1–200 bounded lines) and writes it as a draft with its lines, as the caller.';
revoke all on function private.write_invoice_draft(uuid, jsonb) from public;
grant execute on function private.write_invoice_draft(uuid, jsonb) to authenticated, service_role;

-- The caller may write invoices of their organisation (else 42501 with a key).
create function private.require_permission(permission text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if private.is_trusted() and private.current_org_id() is null then
    return; -- service role, seed, migrations
  end if;
  if private.current_org_id() is null then
    perform private.fail('Organization access required.', 'organization_access_required', '42501');
  end if;
  if not private.has_permission(permission) then
    perform private.fail('Permission denied. Contact administrator.', replace(permission, '.', '_') || '_required', '42501');
  end if;
end;
$$;
comment on function private.require_permission(text) is
  'Refuses (42501, key <module>_<action>_required) a caller without the permission in their organisation; trusted callers without an organisation pass.';
revoke all on function private.require_permission(text) from public;
grant execute on function private.require_permission(text) to authenticated, service_role;

create function public.create_invoice(invoice jsonb)
returns public.invoices
language plpgsql
set search_path = ''
as $$
begin
  perform private.require_permission('invoices.write');
  return private.write_invoice_draft(null, invoice);
end;
$$;
comment on function public.create_invoice(jsonb) is
  'Creates a draft tax invoice, credit note or debit note with its lines (invoices.write); the JSON document is described in migration 20261124200400. Returns the invoice row (no number until issued).';
revoke all on function public.create_invoice(jsonb) from public;
grant execute on function public.create_invoice(jsonb) to authenticated, service_role;

create function public.update_invoice_draft(invoice_id uuid, invoice jsonb)
returns public.invoices
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  doc public.invoices;
begin
  -- Tenancy and visibility first (404), then the permission (42501), then the lock.
  if not exists (select 1 from public.invoices x where x.id = invoice_id) then
    perform private.fail('This invoice was not found', 'invoice_not_found', 'PT404');
  end if;
  perform private.require_permission('invoices.write');
  select * into doc from public.invoices x where x.id = invoice_id for update;
  if doc.status <> 'draft' then
    perform private.fail('An issued invoice cannot be changed; correct it with a credit or debit note',
                         'invoice_issued', 'PT409');
  end if;
  return private.write_invoice_draft(doc.id, invoice);
end;
$$;
comment on function public.update_invoice_draft(uuid, jsonb) is
  'Replaces a draft''s fields and lines (invoices.write); issued documents are refused (PT409 invoice_issued), another organisation''s are not found (PT404).';
revoke all on function public.update_invoice_draft(uuid, jsonb) from public;
grant execute on function public.update_invoice_draft(uuid, jsonb) to authenticated, service_role;

create function public.issue_invoice(invoice_id uuid)
returns public.invoices
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
  doc public.invoices;
begin
  -- Tenancy and visibility first (404), then the permission (42501), then the lock.
  if not exists (select 1 from public.invoices x where x.id = invoice_id) then
    perform private.fail('This invoice was not found', 'invoice_not_found', 'PT404');
  end if;
  perform private.require_permission('invoices.write');
  select * into doc from public.invoices x where x.id = invoice_id for update;
  if doc.status = 'cancelled' and doc.issued_at is null then
    perform private.fail('Cancelled or refunded invoices cannot be reopened', 'invoice_closed', 'PT409');
  end if;
  if doc.status <> 'draft' then
    perform private.fail('This invoice has already been issued', 'invoice_already_issued', 'PT409');
  end if;
  update public.invoices x set status = 'pending' where x.id = doc.id returning * into doc;
  return doc;
end;
$$;
comment on function public.issue_invoice(uuid) is
  'Issues a draft (invoices.write): next number of the organisation''s single sequence, issue date/time in its time zone, seller and buyer snapshot, Phase 1 QR, queued for ZATCA. Returns the invoice.';
revoke all on function public.issue_invoice(uuid) from public;
grant execute on function public.issue_invoice(uuid) to authenticated, service_role;
