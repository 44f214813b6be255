-- Finance in one round trip: invoice_from_booking(), record_payment(), mark_invoice_paid(),
-- refresh_overdue_invoices(). They run with the caller's rights (SECURITY INVOKER), so RLS
-- and the invoices.write / payments.write permissions apply exactly as for direct writes.

create function public.invoice_from_booking(
  booking_id uuid,
  due_date date default null,
  issue boolean default true
)
returns public.invoices
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_variable
declare
  b record;
  inv public.invoices;
begin
  if booking_id is null then
    perform private.fail('Please select a booking to create an invoice', 'booking_required', '23502');
  end if;
  select bk.id, bk.organization_id, bk.client_id, bk.check_in, bk.check_out, bk.nights, bk.price_per_night,
         bk.cleaning_fee, bk.booking_reference, u.name as unit_name, c.name as client_name
    into b
    from public.bookings bk
    join public.units u on u.id = bk.unit_id
    join public.clients c on c.id = bk.client_id
   where bk.id = invoice_from_booking.booking_id;
  if b.id is null then
    perform private.fail('Please select a booking to create an invoice', 'booking_not_found', 'P0002');
  end if;

  insert into public.invoices (organization_id, client_id, booking_id, status, due_date, buyer_name)
  values (b.organization_id, b.client_id, b.id, 'draft',
          coalesce(due_date, greatest(b.check_in, private.org_today(b.organization_id))), b.client_name)
  returning * into inv;

  insert into public.invoice_items (invoice_id, description, quantity, rate, position)
  values (inv.id, format('%s — %s night(s), %s to %s (%s)', b.unit_name, b.nights, b.check_in, b.check_out, b.booking_reference),
          b.nights, b.price_per_night, 0);
  if b.cleaning_fee > 0 then
    insert into public.invoice_items (invoice_id, description, quantity, rate, position)
    values (inv.id, 'Cleaning fee', 1, b.cleaning_fee, 1);
  end if;

  if issue then
    update public.invoices set status = 'pending' where id = inv.id;
  end if;
  select * into inv from public.invoices i where i.id = inv.id;
  return inv;
end;
$$;
comment on function public.invoice_from_booking is 'Creates an invoice with the stay (nights × rate) and cleaning-fee lines of a booking.';
revoke all on function public.invoice_from_booking from public;
grant execute on function public.invoice_from_booking to authenticated, service_role;

create function public.record_payment(
  invoice_id uuid,
  amount numeric,
  method public.payment_method,
  reference_number text default null,
  notes text default null,
  paid_at timestamptz default now()
)
returns public.payments
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_variable
declare
  pay public.payments;
begin
  if invoice_id is null or amount is null or method is null then
    perform private.fail('This field is required', 'field_required', '23502');
  end if;
  insert into public.payments (invoice_id, amount, method, reference_number, notes, paid_at)
  values (invoice_id, round(amount, 2), method, nullif(btrim(coalesce(reference_number, '')), ''),
          nullif(btrim(coalesce(notes, '')), ''), coalesce(paid_at, now()))
  returning * into pay;
  return pay;
end;
$$;
comment on function public.record_payment is 'Records a (possibly partial) payment; the invoice balance and status follow.';
revoke all on function public.record_payment from public;
grant execute on function public.record_payment to authenticated, service_role;

-- "Mark as paid" (SPEC §4): issue a draft if needed and record a payment of the balance.
create function public.mark_invoice_paid(
  invoice_id uuid,
  method public.payment_method default 'cash',
  reference_number text default null
)
returns public.invoices
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_variable
declare
  inv public.invoices;
begin
  select * into inv from public.invoices i where i.id = invoice_id;
  if inv.id is null then
    perform private.fail('Error loading invoices', 'invoice_not_found', 'P0002');
  end if;
  if inv.status = 'draft' then
    update public.invoices set status = 'pending' where id = inv.id returning * into inv;
  end if;
  if inv.balance_due > 0 then
    perform public.record_payment(inv.id, inv.balance_due, method, reference_number, null, now());
  end if;
  select * into inv from public.invoices i where i.id = invoice_id;
  return inv;
end;
$$;
revoke all on function public.mark_invoice_paid from public;
grant execute on function public.mark_invoice_paid to authenticated, service_role;

-- Moves unpaid invoices past their due date to overdue (the status is derived on every write;
-- this catches the ones nobody wrote since the date passed). The dashboard calls it; a
-- scheduler (pg_cron on hosted) may call it nightly. Returns how many changed.
create function public.refresh_overdue_invoices()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
  changed integer;
begin
  if not private.is_trusted() and not private.has_permission('invoices.read') then
    return 0;
  end if;
  update public.invoices i set status = 'pending'
  where i.status = 'pending'
    and i.balance_due > 0
    and (org is null and private.is_trusted() or i.organization_id = org)
    and i.due_date < private.org_today(i.organization_id);
  get diagnostics changed = row_count;
  return changed;
end;
$$;
revoke all on function public.refresh_overdue_invoices from public;
grant execute on function public.refresh_overdue_invoices to authenticated, service_role;
