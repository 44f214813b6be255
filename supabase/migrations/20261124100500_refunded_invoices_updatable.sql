-- A refunded invoice could not be updated at all (any write re-checked "only paid invoices can be
-- refunded" against its own, already refunded, status), so ZATCA could not record its submission
-- on it. The body of invoices_before_write is otherwise unchanged (issue 11 replaces it later).
create or replace function private.invoices_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $function$
declare
  org record;
  next_number integer;
begin
  select o.* into org from public.organizations o where o.id = new.organization_id;

  if tg_op = 'INSERT' then
    update private.organization_counters c set last_invoice_number = c.last_invoice_number + 1
      where c.organization_id = new.organization_id
      returning c.last_invoice_number into next_number;
    new.sequence_number := next_number;
    new.invoice_number := 'INV-' || lpad(next_number::text, 6, '0');
    new.currency := coalesce(new.currency, org.default_currency);
    new.zatca_uuid := gen_random_uuid();
    if new.client_id is null and new.booking_id is not null then
      select b.client_id into new.client_id from public.bookings b where b.id = new.booking_id;
    end if;
  else
    new.sequence_number := old.sequence_number;
    new.invoice_number := old.invoice_number;
    new.zatca_uuid := old.zatca_uuid;
    if old.status in ('cancelled', 'refunded') and new.status <> old.status then
      perform private.fail('Cancelled or refunded invoices cannot be reopened', 'invoice_closed');
    end if;
    if new.status = 'draft' and old.status <> 'draft' then
      perform private.fail('An issued invoice cannot return to draft', 'invoice_issued');
    end if;
  end if;
  -- ZATCA fields are written by the e-invoicing function (service role) only.
  if not private.is_trusted() and tg_op = 'UPDATE' and (
       new.zatca_invoice_counter is distinct from old.zatca_invoice_counter
       or new.zatca_previous_invoice_hash is distinct from old.zatca_previous_invoice_hash
       or new.zatca_invoice_hash is distinct from old.zatca_invoice_hash
       or new.zatca_qr_payload is distinct from old.zatca_qr_payload
       or new.zatca_status is distinct from old.zatca_status
       or new.zatca_submitted_at is distinct from old.zatca_submitted_at
       or new.tax_authority_code is distinct from old.tax_authority_code) then
    perform private.fail('E-invoicing fields are set by the tax-authority integration', 'zatca_fields_readonly', '42501');
  end if;
  if not private.is_trusted() and tg_op = 'INSERT' then
    new.zatca_invoice_counter := null; new.zatca_previous_invoice_hash := null; new.zatca_invoice_hash := null;
    new.zatca_qr_payload := null; new.zatca_status := 'not_submitted'; new.zatca_submitted_at := null;
    new.tax_authority_code := null;
  end if;

  -- Numbers.
  new.vat_rate := public.vat_rate();
  new.subtotal := coalesce((select sum(i.amount) from public.invoice_items i where i.invoice_id = new.id), 0);
  new.vat_amount := private.round_money(new.subtotal * new.vat_rate);
  new.total_amount := new.subtotal + new.vat_amount;
  new.paid_amount := coalesce((select sum(p.amount) from public.payments p where p.invoice_id = new.id), 0);
  if new.paid_amount > new.total_amount then
    perform private.fail('The invoice total cannot be less than the amount already paid', 'invoice_total_below_paid');
  end if;
  new.balance_due := new.total_amount - new.paid_amount;

  -- Status: draft, cancelled and refunded are chosen; pending / overdue / paid are derived.
  if new.status = 'refunded' and (tg_op = 'INSERT' or old.status not in ('paid', 'refunded')) then
    perform private.fail('Only paid invoices can be refunded', 'invoice_not_paid');
  end if;
  if new.status = 'paid' and new.balance_due > 0 and (tg_op = 'INSERT' or old.status <> 'paid') then
    perform private.fail('Record a payment to mark this invoice as paid', 'invoice_unpaid');
  end if;
  if new.status in ('pending', 'overdue', 'paid') then
    if new.total_amount > 0 and new.balance_due = 0 then
      new.status := 'paid';
    elsif new.due_date < private.org_today(new.organization_id) then
      new.status := 'overdue';
    else
      new.status := 'pending';
    end if;
  end if;

  -- Timestamps and the seller identity at issue time.
  if new.status <> 'draft' and (tg_op = 'INSERT' or old.status = 'draft') then
    new.issued_at := now();
    new.seller_name := coalesce(org.name_ar, org.name);
    new.seller_vat_number := org.vat_number;
    new.seller_commercial_registration := org.commercial_registration;
    new.seller_address := concat_ws(', ', org.address_street, org.address_building_number, org.address_district,
                                    org.address_city, org.address_postal_code);
  end if;
  if new.status = 'paid' and (tg_op = 'INSERT' or old.status <> 'paid') then
    new.paid_at := now();
  elsif new.status not in ('paid', 'refunded') then
    new.paid_at := null;
  end if;
  if new.status = 'cancelled' and (tg_op = 'INSERT' or old.status <> 'cancelled') then
    new.cancelled_at := now();
  end if;
  return new;
end;
$function$;
comment on function private.invoices_before_write() is
  'Derives an invoice''s number, amounts, status, seller identity and timestamps; guards ZATCA fields and status moves.';
