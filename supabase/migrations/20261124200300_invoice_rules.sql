-- Money (issue 11): the rules of tax documents, on every path (RPCs, the table API, the seed).
--
-- Draft → issue. A draft has no number and may be edited or deleted. Issuing (a draft's status
-- set to pending, by issue_invoice() or any update) checks the document (at least one line, a
-- complete seller tax profile, a standard invoice's buyer, a note's original and reason, a
-- foreign currency's exchange rate, a due date not before the issue date), takes the next number
-- of the organisation's single sequence (INV-000123; the counter row stays locked until commit,
-- so concurrent issues get consecutive numbers and a rolled-back issue gives its number back),
-- stamps issue date and time in the organisation's time zone, snapshots seller and buyer,
-- computes the Phase 1 QR and queues the document for ZATCA (previous migrations).
--
-- Issued documents never change: lines, amounts, parties, dates and currency are frozen for
-- browser users (a guest or booking being deleted may still clear its link). Their status is
-- derived: pending / overdue / paid from the balance and due date; cancelled when credit notes
-- cover the whole total and nothing was paid; refunded when credit notes cover it and everything
-- paid went back. Asking for cancelled or refunded directly is refused: cancel_invoice() and
-- refund_invoice() issue the credit note that makes it so.
--
-- Amounts of an invoice or debit note: balance = total − credited − (paid − refunded), never
-- below zero. A credit note never exceeds what is still due on the document it corrects (a
-- refund first records the money going back, which makes that much due again, so a refund
-- credit note fits exactly); it is settled at once (status paid, balance 0).

-- The seller at issue, as a tax invoice shows it.
create function private.seller_snapshot(org public.organizations)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'street', org.address_street, 'building_number', org.address_building_number,
    'additional_number', org.address_additional_number, 'district', org.address_district,
    'city', org.address_city, 'region', org.address_region, 'postal_code', org.address_postal_code,
    'country', 'SA')
$$;
comment on function private.seller_snapshot(public.organizations) is
  'The national address of an organisation as a JSON object (the seller snapshot of an issued document).';
revoke all on function private.seller_snapshot(public.organizations) from public;
grant execute on function private.seller_snapshot(public.organizations) to authenticated, service_role;

-- The buyer fields a standard (B2B) document needs (BR-KSA-42, 10, 14, 44; building number and
-- district for a Saudi address as Odoo requires them): a key naming the first gap, or null.
create function private.standard_buyer_gap(name text, vat text, id_scheme text, id text, address jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when coalesce(btrim(name), '') = '' then 'buyer_name'
    when vat is null and (id_scheme is null or id is null) then 'buyer_vat_number'
    when coalesce(btrim(address ->> 'street'), '') = '' then 'buyer_address_street'
    when coalesce(btrim(address ->> 'city'), '') = '' then 'buyer_address_city'
    when coalesce(address ->> 'country', 'SA') = 'SA' and coalesce(address ->> 'postal_code', '') !~ '^[0-9]{5}$'
      then 'buyer_address_postal_code'
    when coalesce(address ->> 'country', 'SA') = 'SA' and coalesce(address ->> 'building_number', '') !~ '^[0-9]{4}$'
      then 'buyer_address_building_number'
    when coalesce(address ->> 'country', 'SA') = 'SA' and coalesce(btrim(address ->> 'district'), '') = ''
      then 'buyer_address_district'
    when coalesce(btrim(address ->> 'postal_code'), '') = '' then 'buyer_address_postal_code'
  end
$$;
comment on function private.standard_buyer_gap(text, text, text, text, jsonb) is
  'First missing buyer field of a standard (B2B) tax invoice (name, VAT number or other ID, address), or null.';
revoke all on function private.standard_buyer_gap(text, text, text, text, jsonb) from public;
grant execute on function private.standard_buyer_gap(text, text, text, text, jsonb) to authenticated, service_role;

create or replace function private.invoices_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  org public.organizations;
  trusted boolean := private.is_trusted();
  requested public.invoice_status := new.status;
  issuing boolean;
  was_issued boolean := tg_op = 'UPDATE' and old.issued_at is not null and old.status <> 'draft';
  original public.invoices;
  next_number integer;
  missing text[];
  gap text;
  local_issue timestamp;
  sums record;
  pays record;
  credited numeric;
  balance numeric;
  max_money constant numeric := 9999999999.99;
begin
  select o.* into org from public.organizations o where o.id = new.organization_id;

  -- Identity: numbers come only from issuing, the UUID only from the database.
  if tg_op = 'INSERT' then
    new.sequence_number := null;
    new.invoice_number := null;
    new.zatca_uuid := gen_random_uuid();
    new.currency := coalesce(new.currency, org.default_currency);
    if not trusted then
      new.issued_at := null;
    end if;
    if new.client_id is null and new.booking_id is not null then
      select b.client_id into new.client_id from public.bookings b where b.id = new.booking_id;
    end if;
  else
    new.sequence_number := old.sequence_number;
    new.invoice_number := old.invoice_number;
    new.zatca_uuid := old.zatca_uuid;
    new.created_at := old.created_at;
    new.created_by := old.created_by;
    if old.issued_at is not null and old.status <> 'draft' then
      new.issued_at := old.issued_at;
    elsif not trusted then
      new.issued_at := null;
    end if;
  end if;
  if new.currency = 'SAR' then
    new.exchange_rate := 1;
  end if;

  -- ZATCA fields are written by the e-invoicing function (service role) only.
  if not trusted and tg_op = 'UPDATE' and (
       new.zatca_invoice_counter is distinct from old.zatca_invoice_counter
       or new.zatca_previous_invoice_hash is distinct from old.zatca_previous_invoice_hash
       or new.zatca_invoice_hash is distinct from old.zatca_invoice_hash
       or new.zatca_qr_payload is distinct from old.zatca_qr_payload
       or new.zatca_status is distinct from old.zatca_status
       or new.zatca_submitted_at is distinct from old.zatca_submitted_at
       or new.tax_authority_code is distinct from old.tax_authority_code) then
    perform private.fail('E-invoicing fields are set by the tax-authority integration', 'zatca_fields_readonly', '42501');
  end if;
  if not trusted and tg_op = 'INSERT' then
    new.zatca_invoice_counter := null; new.zatca_previous_invoice_hash := null; new.zatca_invoice_hash := null;
    new.zatca_qr_payload := null; new.zatca_status := 'not_submitted'; new.zatca_submitted_at := null;
    new.tax_authority_code := null;
  end if;

  if tg_op = 'UPDATE' then
    -- A discarded draft stays discarded.
    if old.status = 'cancelled' and old.issued_at is null and new.status <> 'cancelled' then
      perform private.fail('Cancelled or refunded invoices cannot be reopened', 'invoice_closed');
    end if;
    if was_issued then
      if requested = 'draft' then
        perform private.fail('An issued invoice cannot return to draft', 'invoice_issued');
      end if;
      -- Frozen after issue (a deleted guest or booking may only clear its link).
      if not trusted and (
           new.client_id is distinct from old.client_id and new.client_id is not null
           or new.booking_id is distinct from old.booking_id and new.booking_id is not null
           or new.currency is distinct from old.currency or new.exchange_rate is distinct from old.exchange_rate
           or new.issue_date is distinct from old.issue_date or new.issue_time is distinct from old.issue_time
           or new.due_date is distinct from old.due_date or new.invoice_kind is distinct from old.invoice_kind
           or new.invoice_type_code is distinct from old.invoice_type_code
           or new.original_invoice_id is distinct from old.original_invoice_id
           or new.reason is distinct from old.reason or new.buyer_name is distinct from old.buyer_name
           or new.buyer_vat_number is distinct from old.buyer_vat_number
           or new.buyer_id_scheme is distinct from old.buyer_id_scheme or new.buyer_id is distinct from old.buyer_id
           or new.buyer_address is distinct from old.buyer_address or new.seller_name is distinct from old.seller_name
           or new.seller_name_en is distinct from old.seller_name_en
           or new.seller_vat_number is distinct from old.seller_vat_number
           or new.seller_commercial_registration is distinct from old.seller_commercial_registration
           or new.seller_address is distinct from old.seller_address
           or new.seller_national_address is distinct from old.seller_national_address
           or new.cancellation_reason is distinct from old.cancellation_reason and old.cancellation_reason is not null) then
        perform private.fail('An issued invoice cannot be changed; correct it with a credit or debit note',
                             'invoice_issued');
      end if;
      if not trusted and requested is distinct from old.status then
        if requested = 'cancelled' then
          perform private.fail('An issued invoice is cancelled with a credit note: use Cancel invoice',
                               'invoice_cancel_needs_credit_note', 'PT409');
        elsif requested = 'refunded' then
          perform private.fail('Refunds are recorded with Refund, which issues a credit note',
                               'invoice_refund_needs_credit_note', 'PT409');
        end if;
      end if;
    end if;
  end if;

  issuing := requested not in ('draft', 'cancelled') and not was_issued;
  if requested = 'refunded' and issuing then
    perform private.fail('Refunds are recorded with Refund, which issues a credit note',
                         'invoice_refund_needs_credit_note', 'PT409');
  end if;

  -- Lines: amounts per VAT category, in exact decimals before they meet numeric(12,2).
  select count(*) as lines, coalesce(sum(li.amount), 0) as subtotal,
         coalesce(sum(li.amount) filter (where li.vat_category = 'S'), 0) as standard,
         coalesce(sum(li.amount) filter (where li.vat_category = 'Z'), 0) as zero,
         coalesce(sum(li.amount) filter (where li.vat_category = 'E'), 0) as exempt,
         coalesce(sum(li.amount) filter (where li.vat_category = 'O'), 0) as out_of_scope
    into sums
    from public.invoice_items li where li.invoice_id = new.id;
  if sums.subtotal + round(sums.standard * public.vat_rate(), 2) > max_money then
    perform private.fail('The invoice amount is too large', 'invoice_amount_too_large', '22023');
  end if;
  new.vat_rate := public.vat_rate();
  new.subtotal := sums.subtotal;
  new.standard_rated_amount := sums.standard;
  new.zero_rated_amount := sums.zero;
  new.exempt_amount := sums.exempt;
  new.out_of_scope_amount := sums.out_of_scope;
  -- VAT per category on the category total ([XML] §10): only S carries VAT.
  new.vat_amount := private.round_money(sums.standard * new.vat_rate);
  new.total_amount := new.subtotal + new.vat_amount;

  if issuing then
    if sums.lines = 0 then
      perform private.fail('Add at least one line to the invoice', 'invoice_no_lines', '23514');
    end if;
    missing := private.tax_profile_missing(new.organization_id);
    if cardinality(missing) > 0 then
      perform private.fail(format('Complete the organization''s tax details before issuing invoices (%s)',
                                  array_to_string(missing, ', ')), 'tax_profile_incomplete', 'PT409');
    end if;
    if new.invoice_type_code in ('381', '383') then
      if new.original_invoice_id is null then
        perform private.fail('Choose the invoice this note corrects', 'invoice_original_required', '23514');
      end if;
      if coalesce(btrim(new.reason), '') = '' then
        perform private.fail('Give the reason for the credit or debit note', 'invoice_reason_required', '23514');
      end if;
      -- Locked, so concurrent notes on one document are capped one after the other.
      select * into original from public.invoices i
       where i.id = new.original_invoice_id and i.organization_id = new.organization_id for update;
      if original.id is null then
        perform private.fail('This invoice was not found', 'invoice_not_found', 'PT404');
      end if;
      if original.status = 'draft' or original.issued_at is null then
        perform private.fail('Only an issued invoice can be corrected', 'invoice_original_not_issued', 'PT409');
      end if;
      if (new.invoice_type_code = '381' and original.invoice_type_code not in ('388', '383'))
         or (new.invoice_type_code = '383' and original.invoice_type_code <> '388') then
        perform private.fail('A credit note corrects an invoice or a debit note; a debit note corrects an invoice',
                             'invoice_original_invalid', '23514');
      end if;
      if new.invoice_type_code = '383' and original.status in ('cancelled', 'refunded') then
        perform private.fail('This invoice is paid, cancelled or refunded and cannot be changed', 'invoice_closed', 'PT409');
      end if;
      if new.total_amount <= 0 then
        perform private.fail('Add at least one line to the invoice', 'invoice_no_lines', '23514');
      end if;
      if new.currency is distinct from original.currency
         or coalesce(new.exchange_rate, 0) <> coalesce(original.exchange_rate, 0) and new.exchange_rate is not null then
        perform private.fail('A note is in the currency and exchange rate of the invoice it corrects',
                             'invoice_currency_mismatch', '23514');
      end if;
      new.exchange_rate := original.exchange_rate;
      new.invoice_kind := original.invoice_kind;
      new.client_id := coalesce(new.client_id, original.client_id);
      new.booking_id := coalesce(new.booking_id, original.booking_id);
      if coalesce(btrim(new.buyer_name), '') = '' and new.buyer_vat_number is null and new.buyer_id is null
         and new.buyer_address is null then
        new.buyer_name := original.buyer_name;
        new.buyer_vat_number := original.buyer_vat_number;
        new.buyer_id_scheme := original.buyer_id_scheme;
        new.buyer_id := original.buyer_id;
        new.buyer_address := original.buyer_address;
      end if;
      if new.invoice_type_code = '381' and new.total_amount > original.balance_due then
        perform private.fail(format('The credit note exceeds what remains due on %s (%s)', original.invoice_number,
                                    original.balance_due), 'credit_note_exceeds_balance', 'PT409');
      end if;
    elsif new.original_invoice_id is not null then
      perform private.fail('Only credit and debit notes refer to another invoice', 'invoice_original_invalid', '23514');
    end if;
    if new.currency is distinct from 'SAR' and new.exchange_rate is null then
      perform private.fail('Enter the exchange rate to SAR for an invoice in another currency',
                           'invoice_exchange_rate_required', '23514');
    end if;
    if coalesce(btrim(new.buyer_name), '') = '' and new.client_id is not null then
      select c.name into new.buyer_name from public.clients c where c.id = new.client_id;
    end if;
    if new.invoice_kind = 'standard' then
      gap := private.standard_buyer_gap(new.buyer_name, new.buyer_vat_number, new.buyer_id_scheme, new.buyer_id,
                                        new.buyer_address);
      if gap is not null then
        perform private.fail(format('A standard tax invoice needs the buyer''s name, VAT number (or other ID) and address (%s)', gap),
                             'invoice_buyer_incomplete', '23514');
      end if;
    end if;

    -- Issue date and time: now, in the organisation's time zone (the seed may date history).
    new.issued_at := case when trusted and new.issued_at is not null then new.issued_at else now() end;
    local_issue := new.issued_at at time zone org.default_timezone::text;
    new.issue_date := local_issue::date;
    new.issue_time := date_trunc('second', local_issue)::time(0);
    if not trusted and new.due_date < new.issue_date then
      perform private.fail('The due date is before the issue date', 'invoice_due_before_issue', '23514');
    end if;

    -- The next number of the one sequence (invoices and notes alike).
    update private.organization_counters c set last_invoice_number = c.last_invoice_number + 1
     where c.organization_id = new.organization_id
    returning c.last_invoice_number into next_number;
    if next_number is null then
      insert into private.organization_counters (organization_id, last_invoice_number)
      values (new.organization_id, 1) returning last_invoice_number into next_number;
    end if;
    new.sequence_number := next_number;
    new.invoice_number := 'INV-' || lpad(next_number::text, 6, '0');

    new.seller_name := btrim(org.legal_name_ar);
    new.seller_name_en := coalesce(nullif(btrim(org.legal_name_en), ''), org.name);
    new.seller_vat_number := org.vat_number;
    new.seller_commercial_registration := org.commercial_registration;
    new.seller_address := concat_ws(', ', org.address_street, org.address_building_number, org.address_additional_number,
                                    org.address_district, org.address_city, org.address_postal_code);
    new.seller_national_address := private.seller_snapshot(org);

    new.zatca_qr_payload := private.zatca_phase1_qr(new.seller_name, new.seller_vat_number,
      to_char(new.issue_date, 'YYYY-MM-DD') || 'T' || to_char(new.issue_time, 'HH24:MI:SS'),
      new.total_amount::text, new.vat_amount::text);
    new.zatca_status := 'queued';
  elsif not was_issued then
    -- Drafts and discarded drafts: nothing of an issued document yet.
    new.issued_at := null;
    new.issue_time := null;
    new.seller_national_address := null;
    if not trusted then
      new.zatca_qr_payload := null;
      new.zatca_status := 'not_submitted';
    end if;
  end if;

  -- Money of the document.
  if new.invoice_type_code = '381' then
    select 0::numeric as paid, 0::numeric as refunded, null::timestamptz as last_paid_at into pays;
    new.credited_amount := 0;
    new.paid_amount := 0;
    new.refunded_amount := 0;
    new.balance_due := 0;
  else
    credited := coalesce((select sum(c.total_amount) from public.invoices c
                          where c.original_invoice_id = new.id and c.invoice_type_code = '381'
                            and c.issued_at is not null and c.status <> 'draft'), 0);
    select coalesce(sum(p.amount) filter (where not p.is_refund), 0) as paid,
           coalesce(sum(p.amount) filter (where p.is_refund), 0) as refunded,
           max(p.paid_at) filter (where not p.is_refund) as last_paid_at
      into pays
      from public.payments p where p.invoice_id = new.id;
    balance := new.total_amount - credited - pays.paid + pays.refunded;
    if balance < 0 then
      perform private.fail('The invoice total cannot be less than the amount already paid', 'invoice_total_below_paid');
    end if;
    new.credited_amount := credited;
    new.paid_amount := pays.paid;
    new.refunded_amount := pays.refunded;
    new.balance_due := balance;
  end if;

  -- Status: chosen for drafts (draft, or cancelled to discard one); derived once issued.
  if new.status = 'draft' or (new.status = 'cancelled' and new.issued_at is null) then
    null;
  elsif new.invoice_type_code = '381' then
    new.status := 'paid';
  elsif new.credited_amount > 0 and new.total_amount = new.credited_amount
        and new.paid_amount = new.refunded_amount then
    new.status := case when new.paid_amount > 0 then 'refunded' else 'cancelled' end::public.invoice_status;
  elsif new.balance_due = 0 then
    new.status := 'paid';
  elsif new.due_date < private.org_today(new.organization_id) then
    new.status := 'overdue';
  else
    new.status := 'pending';
  end if;
  if not trusted and requested = 'paid' and new.status <> 'paid' and (tg_op = 'INSERT' or old.status <> 'paid') then
    perform private.fail('Record a payment to mark this invoice as paid', 'invoice_unpaid');
  end if;

  if new.status = 'paid' and (tg_op = 'INSERT' or old.status <> 'paid') then
    new.paid_at := case when new.invoice_type_code = '381' then new.issued_at
                        else coalesce(pays.last_paid_at, now()) end;
  elsif new.status not in ('paid', 'refunded') then
    new.paid_at := null;
  end if;
  if new.status = 'cancelled' and (tg_op = 'INSERT' or old.status <> 'cancelled') then
    new.cancelled_at := now();
  elsif new.status <> 'cancelled' then
    new.cancelled_at := null;
  end if;
  return new;
end;
$$;
comment on function private.invoices_before_write() is
  'Issues documents (checks, number, dates, seller/buyer snapshot, Phase 1 QR, ZATCA queue state), freezes issued ones, derives amounts (VAT per category, credited, paid, refunded, balance) and status.';

-- Another organisation's original invoice is "not found", like a missing one (tenancy first).
drop trigger invoices_00_tenancy on public.invoices;
create trigger invoices_00_tenancy before insert or update on public.invoices
  for each row execute function private.tenancy_first('fresh_id', 'booking_id=bookings', 'client_id=clients',
                                                      'original_invoice_id=invoices');
comment on trigger invoices_00_tenancy on public.invoices is
  'Tenancy first: a row of another organisation, or naming another organisation''s booking, guest or original invoice, is refused (42501 / 404) before anything reads it.';

-- A credit note issued: the document it corrects counts it (credited amount, balance, status).
create function private.invoices_after_issue()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.invoice_type_code = '381' and new.original_invoice_id is not null and new.issued_at is not null
     and (tg_op = 'INSERT' or old.issued_at is null) then
    update public.invoices set updated_at = now() where id = new.original_invoice_id;
  end if;
  return null;
end;
$$;
comment on function private.invoices_after_issue() is
  'After a credit note is issued, recomputes the document it corrects (credited amount, balance, status).';
revoke all on function private.invoices_after_issue() from public;

create trigger invoices_after_issue after insert or update on public.invoices
  for each row execute function private.invoices_after_issue();
comment on trigger invoices_after_issue on public.invoices is
  'An issued credit note updates the credited amount and status of the document it corrects.';

-- Drafts only may be deleted (issued documents are corrected with notes, never removed).
create or replace function private.invoices_before_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (old.status <> 'draft' or old.issued_at is not null) and not private.is_trusted()
     and exists (select 1 from public.organizations o where o.id = old.organization_id) then
    perform private.fail('Issued invoices cannot be deleted; cancel them instead', 'invoice_issued');
  end if;
  return old;
end;
$$;
comment on function private.invoices_before_delete() is
  'Only drafts (and discarded drafts) are deleted; issued documents stay (except when the whole organisation goes).';

-- Lines change only while the document is a draft.
create or replace function private.invoice_items_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  inv record;
begin
  select i.organization_id, i.status, i.issued_at into inv from public.invoices i
   where i.id = coalesce(new.invoice_id, old.invoice_id);
  if inv.status <> 'draft' and not private.is_trusted()
     and exists (select 1 from public.organizations o where o.id = inv.organization_id) then
    if inv.status in ('paid', 'cancelled', 'refunded') then
      perform private.fail('Lines of a paid, cancelled or refunded invoice cannot be changed', 'invoice_closed');
    end if;
    perform private.fail('Lines of an issued invoice cannot be changed; correct it with a credit or debit note',
                         'invoice_issued');
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if tg_op = 'UPDATE' and new.invoice_id <> old.invoice_id then
    perform private.fail('A line cannot be moved to another invoice', 'invoice_item_immutable');
  end if;
  new.organization_id := inv.organization_id;
  -- The exemption code of a line without VAT: exempt lines are residential rent unless said
  -- otherwise (VATEX-SA-30), out-of-scope ones VATEX-SA-OOS; zero-rated ones must say why.
  if new.vat_category = 'S' then
    new.vat_exemption_code := null;
    new.vat_exemption_reason := null;
  elsif new.vat_exemption_code is null then
    new.vat_exemption_code := case new.vat_category when 'E' then 'VATEX-SA-30' when 'O' then 'VATEX-SA-OOS' end;
    if new.vat_exemption_code is null then
      perform private.fail('Choose the reason a zero-rated line carries no VAT', 'invoice_line_exemption_required', '23514');
    end if;
  end if;
  return new;
end;
$$;
comment on function private.invoice_items_before_write() is
  'Lines of drafts only (issued: invoice_issued / invoice_closed); takes the invoice''s organisation; fills the exemption code of E/O lines.';

-- Payments: money in (≤ balance) on issued invoices and debit notes; refunds (money out,
-- ≤ paid − refunded) only through refund_invoice().
create or replace function private.payments_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  inv record;
begin
  if tg_op = 'UPDATE' then
    if new.amount <> old.amount or new.invoice_id <> old.invoice_id or new.organization_id <> old.organization_id
       or new.is_refund <> old.is_refund or new.credit_note_id is distinct from old.credit_note_id
       or new.paid_at <> old.paid_at or new.method <> old.method
       or new.currency is distinct from old.currency or new.exchange_rate is distinct from old.exchange_rate then
      perform private.fail('A recorded payment cannot be changed; delete it and record it again', 'payment_immutable');
    end if;
    new.is_partial := old.is_partial;
    new.remaining_balance := old.remaining_balance;
    return new;
  end if;
  -- Lock the invoice so concurrent payments see each other.
  select i.organization_id, i.status, i.balance_due, i.paid_amount, i.refunded_amount, i.invoice_type_code,
         i.invoice_number, i.currency, i.exchange_rate
    into inv
    from public.invoices i where i.id = new.invoice_id for update;
  if inv.organization_id is null then
    return new; -- the foreign key reports the missing invoice
  end if;
  new.organization_id := inv.organization_id;
  new.currency := inv.currency;
  new.exchange_rate := coalesce(inv.exchange_rate, 1);
  if inv.status = 'draft' then
    perform private.fail('Issue the invoice before recording a payment', 'invoice_draft');
  end if;
  if inv.invoice_type_code = '381' then
    perform private.fail('A credit note takes no payments; record them on the invoice it corrects',
                         'payment_on_credit_note', '23514');
  end if;
  if new.paid_at > now() + interval '1 day' or new.paid_at < timestamptz '2000-01-01' then
    perform private.fail('The payment date is not valid', 'payment_date_invalid', '22023');
  end if;
  if new.is_refund then
    if not private.is_trusted() then
      perform private.fail('Refunds are recorded with Refund, which issues a credit note',
                           'invoice_refund_needs_credit_note', '42501');
    end if;
    if new.amount > inv.paid_amount - inv.refunded_amount then
      perform private.fail(format('The refund exceeds the amount paid (%s)', inv.paid_amount - inv.refunded_amount),
                           'refund_exceeds_paid', '23514');
    end if;
    new.is_partial := false;
    new.remaining_balance := inv.balance_due + new.amount;
    return new;
  end if;
  new.credit_note_id := null;
  if inv.status in ('paid', 'cancelled', 'refunded') then
    perform private.fail('This invoice does not accept payments', 'invoice_closed');
  end if;
  if new.amount > inv.balance_due then
    perform private.fail(format('The payment exceeds the remaining balance of %s', inv.balance_due),
                         'payment_exceeds_balance', '23514');
  end if;
  new.remaining_balance := inv.balance_due - new.amount;
  new.is_partial := new.remaining_balance > 0;
  return new;
end;
$$;
comment on function private.payments_before_write() is
  'A payment ≤ the balance of an issued invoice or debit note (not a credit note, not closed); a refund ≤ paid − refunded, only from refund_invoice(); recorded payments never change.';

create or replace function private.payments_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.invoices set updated_at = now()
   where id = coalesce(new.invoice_id, old.invoice_id) and status <> 'draft';
  return null;
end;
$$;
comment on function private.payments_after_write() is
  'A payment or refund recorded or removed: the invoice re-derives paid, refunded, balance and status.';

-- Deleting a payment needs a reason (delete_payment) and is audited with it; refund rows belong
-- to their credit note and stay; a payment already refunded in part cannot go.
create or replace function private.payments_before_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  inv record;
begin
  if private.is_trusted() then
    return old;
  end if;
  select i.status, i.paid_amount, i.refunded_amount into inv from public.invoices i where i.id = old.invoice_id;
  if inv.status is null then
    return old; -- the invoice (a draft) is being deleted with it
  end if;
  if old.is_refund then
    perform private.fail('A refund belongs to its credit note and cannot be deleted', 'payment_refund_immutable', 'PT409');
  end if;
  if inv.status in ('cancelled', 'refunded') then
    perform private.fail('Payments of cancelled or refunded invoices cannot be deleted', 'invoice_closed');
  end if;
  if inv.paid_amount - old.amount < inv.refunded_amount then
    perform private.fail('Part of this payment was refunded; it cannot be deleted', 'payment_refunded', 'PT409');
  end if;
  if coalesce(btrim(current_setting('nuzl.audit_reason', true)), '') = '' then
    perform private.fail('Give a reason to delete a payment', 'payment_delete_reason_required', '23514');
  end if;
  return old;
end;
$$;
comment on function private.payments_before_delete() is
  'A payment is deleted only with a reason (delete_payment), never a refund row, nor one of a closed invoice or one already refunded in part.';

-- The audit log keeps the reason given for a change (set by delete_payment, cancel_invoice,
-- refund_invoice for their transaction).
create or replace function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  before_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  after_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  org uuid;
begin
  if tg_op = 'UPDATE' and before_row - 'updated_at' = after_row - 'updated_at' then
    return null; -- nothing but the timestamp changed
  end if;
  -- Secrets never enter the log.
  before_row := before_row - 'key_hash' - 'token';
  after_row := after_row - 'key_hash' - 'token';
  org := coalesce((after_row ->> 'organization_id')::uuid, (before_row ->> 'organization_id')::uuid);
  if tg_table_name = 'organizations' then
    org := coalesce((after_row ->> 'id')::uuid, (before_row ->> 'id')::uuid);
  end if;
  if tg_op = 'DELETE' and not exists (select 1 from public.organizations o where o.id = org) then
    return null; -- the whole organisation is being deleted
  end if;
  insert into public.audit_log (organization_id, actor_id, actor_role, table_name, record_id, action, before, after, reason)
  values (org, auth.uid(), private.request_role(), tg_table_name,
          coalesce(after_row ->> 'id', before_row ->> 'id', after_row ->> 'role_id', before_row ->> 'role_id'),
          lower(tg_op), before_row, after_row,
          left(nullif(btrim(current_setting('nuzl.audit_reason', true)), ''), 500));
  return null;
end;
$$;
comment on function private.audit_row() is
  'Audit trigger: before/after images of money and permission rows (secrets removed), the actor, and the reason given for the change.';
