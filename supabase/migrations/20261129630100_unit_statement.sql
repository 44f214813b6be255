-- Reports (issue 17): the per-unit statement of a period, printable from /dashboard/reports —
-- unit_statement(unit_id, date_from, date_to). Runs as the caller (security invoker): RLS keeps it
-- to the caller's organisation, so another organisation's unit is as unknown as a made-up id (404);
-- so is a unit the caller may not read (units.read).
--
-- Definitions (the statement states them on screen):
-- * Stays: the unit's stays that are not cancelled (nor Airbnb blocks imported as stays, see
--   20261129630000) with at least one night in the period (a night belongs to the day it starts;
--   a stay across the period's edge is split). room_revenue = price per night × nights in the
--   period (VAT excluded). A stay's cleaning fee belongs to the period holding its check-in day
--   (so it is never counted twice when a stay is split).
-- * Invoices: documents (invoice, debit note, credit note) issued in the period (issue date) for a
--   stay of the unit (the document's booking, or the booking of the document a note corrects), in
--   SAR; a credit note's amounts are negative. Needs invoices.read (null without).
-- * Payments: payments and refunds of the documents of the unit's stays received in the period (the
--   local day of paid_at in the organisation's time zone), in SAR, amounts positive with is_refund,
--   with their document's number (private.report_payments, so invoices.read is not needed). Needs
--   payments.read (null without).
-- * totals: room_revenue and cleaning_fees of the stays above; vat and invoiced_total of the
--   documents (net of credit notes); payments and refunds; net = room revenue + cleaning fees of
--   the period's stays (VAT excluded).

-- unit_statement(unit_id, date_from, date_to) → {unit: {id, name, name_ar, city,
-- tourism_licence_number}, period: {from, to}, currency, organization: {name, name_ar, vat_number},
-- stays: [{booking_id, booking_reference, guest_name, check_in, check_out, nights_in_period,
-- room_revenue, cleaning_fee, status}], invoices: [{invoice_id, invoice_number, issue_date,
-- document_type, subtotal, vat, total}] | null, payments: [{payment_id, paid_at, method, amount,
-- is_refund, invoice_number}] | null, totals: {room_revenue, cleaning_fees, vat, invoiced_total,
-- payments, refunds, net}}. bookings.read required (403 permission_denied); an unknown unit or one
-- of another organisation is 404 not_found; a null date defaults as private.report_period, an
-- inverted or over-ten-year period is 400 report_period_invalid.
create function public.unit_statement(unit_id uuid, date_from date, date_to date)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  can_inv boolean := private.has_permission('invoices.read');
  can_pay boolean := private.has_permission('payments.read');
  tz text;
  unit public.units;
  period record;
  from_ts timestamptz;
  to_ts timestamptz;
  stays jsonb;
  room_revenue numeric;
  cleaning_fees numeric;
  docs jsonb;
  vat numeric;
  invoiced_total numeric;
  pays jsonb;
  paid numeric;
  refunded numeric;
begin
  if org is null or not private.has_permission('bookings.read') then
    perform private.fail('Permission denied. Contact administrator.', 'permission_denied', '42501');
  end if;
  select * into unit from public.units un where un.id = unit_statement.unit_id and un.organization_id = org;
  if unit.id is null then
    perform private.fail('Not found', 'not_found', 'PT404');
  end if;
  select o.default_timezone::text into tz from public.organizations o where o.id = org;
  select * into period from private.report_period(org, date_from, date_to);
  from_ts := period.first_day::timestamp at time zone tz;
  to_ts := (period.last_day + 1)::timestamp at time zone tz;

  select coalesce(jsonb_agg(jsonb_build_object(
           'booking_id', s.id, 'booking_reference', s.booking_reference, 'guest_name', s.guest_name,
           'check_in', s.check_in, 'check_out', s.check_out, 'nights_in_period', s.nights,
           'room_revenue', s.room_revenue, 'cleaning_fee', s.cleaning_fee, 'status', s.status)
           order by s.check_in, s.id), '[]'::jsonb),
         coalesce(sum(s.room_revenue), 0),
         coalesce(sum(s.cleaning_fee), 0)
    into stays, room_revenue, cleaning_fees
    from (select b.id, b.booking_reference, c.name as guest_name, b.check_in, b.check_out, b.status, n.nights,
                 round(n.nights * b.price_per_night, 2) as room_revenue,
                 case when b.check_in >= period.first_day then b.cleaning_fee else 0 end as cleaning_fee
            from public.bookings b
            left join public.clients c on c.id = b.client_id
            cross join lateral (select least(b.check_out, period.last_day + 1) - greatest(b.check_in, period.first_day) as nights) n
           where b.organization_id = org and b.unit_id = unit.id and b.status <> 'cancelled'
             and b.check_in <= period.last_day and b.check_out > period.first_day
             and not exists (select 1 from private.report_channel_blocks(period.first_day, period.last_day) c
                              where c.booking_id = b.id)) s;

  if can_inv then
    select coalesce(jsonb_agg(jsonb_build_object(
             'invoice_id', d.id, 'invoice_number', d.invoice_number, 'issue_date', d.issue_date,
             'document_type', d.document_type, 'subtotal', d.subtotal, 'vat', d.vat, 'total', d.total)
             order by d.issue_date, d.sequence_number, d.id), '[]'::jsonb),
           coalesce(sum(d.vat), 0),
           coalesce(sum(d.total), 0)
      into docs, vat, invoiced_total
      from (select i.id, i.invoice_number, i.issue_date, i.document_type, i.sequence_number,
                   s.sign * i.subtotal_sar as subtotal, s.sign * i.vat_amount_sar as vat, s.sign * i.total_amount_sar as total
              from public.invoices i
              left join public.invoices o on o.id = i.original_invoice_id
              join public.bookings b on b.id = coalesce(i.booking_id, o.booking_id)
              cross join lateral (select case when i.invoice_type_code = '381' then -1 else 1 end as sign) s
             where i.organization_id = org and b.unit_id = unit.id and i.issued_at is not null and i.status <> 'draft'
               and i.issue_date between period.first_day and period.last_day) d;
  end if;

  if can_pay then
    select coalesce(jsonb_agg(jsonb_build_object(
             'payment_id', p.id, 'paid_at', p.paid_at, 'method', p.method, 'amount', p.amount_sar,
             'is_refund', p.is_refund, 'invoice_number', p.invoice_number)
             order by p.paid_at, p.id), '[]'::jsonb),
           coalesce(sum(p.amount_sar) filter (where not p.is_refund), 0),
           coalesce(sum(p.amount_sar) filter (where p.is_refund), 0)
      into pays, paid, refunded
      from (select p.payment_id as id, p.paid_at, p.method, p.amount_sar, p.is_refund, p.invoice_number
              from private.report_payments(from_ts, to_ts) p
              join public.bookings b on b.id = p.booking_id
             where b.unit_id = unit.id) p;
  end if;

  return jsonb_build_object(
    'unit', jsonb_build_object('id', unit.id, 'name', unit.name, 'name_ar', unit.name_ar, 'city', unit.address_city,
                               'tourism_licence_number', unit.tourism_licence_number),
    'period', jsonb_build_object('from', period.first_day, 'to', period.last_day),
    'currency', 'SAR',
    'organization', (select jsonb_build_object('name', o.name, 'name_ar', o.name_ar, 'vat_number', o.vat_number)
                       from public.organizations o where o.id = org),
    'stays', stays,
    'invoices', case when can_inv then docs end,
    'payments', case when can_pay then pays end,
    'totals', jsonb_build_object(
      'room_revenue', room_revenue,
      'cleaning_fees', cleaning_fees,
      'vat', case when can_inv then vat end,
      'invoiced_total', case when can_inv then invoiced_total end,
      'payments', case when can_pay then paid end,
      'refunds', case when can_pay then refunded end,
      'net', room_revenue + cleaning_fees));
end;
$$;
comment on function public.unit_statement(uuid, date, date) is
  'Reports: a unit''s statement for a period in SAR — its stays (nights in the period, room revenue ex VAT, cleaning fees), the documents issued for them (invoices.read), payments and refunds received (payments.read), totals and net (room revenue + cleaning fees). bookings.read; unknown or foreign unit 404.';
revoke all on function public.unit_statement(uuid, date, date) from public;
grant execute on function public.unit_statement(uuid, date, date) to authenticated, service_role;
