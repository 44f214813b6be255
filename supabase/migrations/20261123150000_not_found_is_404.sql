-- "Not found" is a refusal, not a server fault: HTTP 404, never 500.
--
-- These functions raised "not found" with SQLSTATE P0002 (no_data_found), which PostgREST
-- answers with HTTP 500 — to the app "Operation failed", to monitoring a crash, and to a fuzzer
-- 176 server errors in 5,516 inputs. PostgREST answers a SQLSTATE `PTxyz` with HTTP xyz, so
-- each is redefined here with PT404 (HTTP 404), its message and HINT key unchanged. Each body is
-- its latest version (named below) with only that code changed.
--
-- accept_invitation() gets the same change in its own migration (20261123150100), because
-- another migration of this release also redefines it.
-- supabase/tests/db-error-codes.test.ts checks every live function for SQLSTATEs that PostgREST
-- answers with 5xx (class P0 other than P0001, XX, 53–58, …).

-- As in 20261122039000_public_request_expiry.sql; an unknown or disabled site and an unknown,
-- inactive or foreign unit are 404.
create or replace function public.request_booking(
  slug text,
  unit_id uuid,
  check_in date,
  check_out date,
  guests_count integer,
  guest_name text,
  guest_phone text,
  guest_email text default null,
  national_id text default null,
  passport_number text default null,
  nationality text default null,
  preferred_language public.language_code default 'ar',
  special_requests text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  rules record;
  site record;
  unit record;
  guest_key text;
  client_id uuid;
  booking public.bookings;
begin
  select * into rules from private.booking_request_rules();
  select s.organization_id into site from public.public_sites s where s.slug = lower(request_booking.slug) and s.enabled;
  if site.organization_id is null then
    perform private.fail('This booking site is not available', 'site_unavailable', 'PT404');
  end if;
  select u.id, u.organization_id into unit from public.units u
    where u.id = request_booking.unit_id and u.organization_id = site.organization_id and u.is_active;
  if unit.id is null then
    perform private.fail('This unit is not available for booking', 'unit_inactive', 'PT404');
  end if;
  if check_in is null or check_out is null or guests_count is null
     or nullif(btrim(coalesce(guest_name, '')), '') is null or nullif(btrim(coalesce(guest_phone, '')), '') is null then
    perform private.fail('This field is required', 'field_required', '23502');
  end if;
  if check_in < private.org_today(site.organization_id) then
    perform private.fail('Check-in cannot be in the past', 'booking_dates_invalid', '22023');
  end if;
  if check_out <= check_in or check_out - check_in > 365 then
    perform private.fail('Check-out must be after check-in', 'booking_dates_invalid', '22023');
  end if;
  if length(guest_name) > 200 or length(coalesce(special_requests, '')) > 2000 then
    perform private.fail('Please check your input and try again.', 'input_too_long', '22001');
  end if;

  guest_key := private.phone_key(guest_phone);
  perform pg_advisory_xact_lock(hashtextextended('booking-unit:' || unit.id::text, 0));
  perform pg_advisory_xact_lock(hashtextextended('booking-request-guest:' || site.organization_id::text || ':' || guest_key, 0));
  if (select count(*) from public.bookings b
      where b.unit_id = unit.id and b.request_expires_at is not null
        and b.created_at > now() - rules.unit_window) >= rules.max_per_unit_window then
    perform private.fail('This unit has received many booking requests. Please try again later.',
                         'booking_request_limit_unit', 'PT429');
  end if;
  if (select count(*) from public.bookings b join public.clients c on c.id = b.client_id
      where b.organization_id = site.organization_id and b.status = 'pending' and b.request_expires_at > now()
        and private.phone_key(c.phone) = guest_key) >= rules.max_pending_per_guest then
    perform private.fail('You already have booking requests waiting for an answer. Please wait for the host to reply.',
                         'booking_request_limit_guest', 'PT429');
  end if;

  perform private.begin_trusted_call();
  select c.id into client_id from public.clients c
    where c.organization_id = site.organization_id and c.phone = btrim(guest_phone)
    order by c.created_at limit 1;
  if client_id is null then
    insert into public.clients (organization_id, name, phone, email, national_id, passport_number, nationality, preferred_language)
    values (site.organization_id, btrim(guest_name), btrim(guest_phone), guest_email, national_id, passport_number, nationality,
            case when preferred_language = 'en' then 'en' else 'ar' end::public.language_code)
    returning id into client_id;
  end if;
  insert into public.bookings (organization_id, unit_id, client_id, check_in, check_out, guests_count, status, source,
                               special_requests, request_expires_at)
  values (site.organization_id, unit.id, client_id, check_in, check_out, guests_count, 'pending', 'direct',
          nullif(btrim(coalesce(special_requests, '')), ''), now() + rules.hold)
  returning * into booking;
  perform private.end_trusted_call();

  return jsonb_build_object('booking_reference', booking.booking_reference, 'status', booking.status,
                            'check_in', booking.check_in, 'check_out', booking.check_out, 'nights', booking.nights,
                            'total_amount', booking.total_amount, 'expires_at', booking.request_expires_at);
end;
$$;
comment on function public.request_booking is
  'Public booking request (pending, holding its dates for the hold window) after validating site, unit, dates, guests and identity, within the rate limits; an unknown site or unit is 404.';

-- As in 20261122002300_booking_functions.sql; an unknown or disabled site is 404.
create or replace function public.submit_review(
  slug text,
  guest_name text,
  rating integer,
  message text default null,
  booking_reference text default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid;
  booking_unit uuid;
  booking_row uuid;
  review_id uuid;
begin
  select s.organization_id into org from public.public_sites s where s.slug = lower(submit_review.slug) and s.enabled;
  if org is null then
    perform private.fail('This booking site is not available', 'site_unavailable', 'PT404');
  end if;
  if rating is null or rating < 1 or rating > 5 or nullif(btrim(coalesce(guest_name, '')), '') is null then
    perform private.fail('Please check your input and try again.', 'review_invalid', '23514');
  end if;
  if booking_reference is not null then
    select b.id, b.unit_id into booking_row, booking_unit from public.bookings b
      where b.booking_reference = upper(btrim(submit_review.booking_reference)) and b.organization_id = org;
  end if;
  insert into public.reviews (organization_id, unit_id, booking_id, guest_name, rating, message, is_published)
  values (org, booking_unit, booking_row, btrim(guest_name), rating, nullif(btrim(coalesce(message, '')), ''), false)
  returning id into review_id;
  return review_id;
end;
$$;
comment on function public.submit_review is
  'A visitor''s review of an organisation (unpublished until staff publish it); an unknown site is 404.';

-- As in 20261122031000_bilingual_generated_text.sql; a booking the caller cannot read (RLS:
-- missing, or another organisation's) is 404.
create or replace function public.invoice_from_booking(
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
         bk.cleaning_fee, bk.booking_reference, u.name as unit_name, u.name_ar as unit_name_ar, c.name as client_name
    into b
    from public.bookings bk
    join public.units u on u.id = bk.unit_id
    join public.clients c on c.id = bk.client_id
   where bk.id = invoice_from_booking.booking_id;
  if b.id is null then
    perform private.fail('Please select a booking to create an invoice', 'booking_not_found', 'PT404');
  end if;

  insert into public.invoices (organization_id, client_id, booking_id, status, due_date, buyer_name)
  values (b.organization_id, b.client_id, b.id, 'draft',
          coalesce(due_date, greatest(b.check_in, private.org_today(b.organization_id))), b.client_name)
  returning * into inv;

  insert into public.invoice_items (invoice_id, description, description_ar, quantity, rate, position)
  values (inv.id,
          private.stay_line_description(b.unit_name, b.unit_name_ar, b.nights, b.check_in, b.check_out, b.booking_reference, 'en'),
          private.stay_line_description(b.unit_name, b.unit_name_ar, b.nights, b.check_in, b.check_out, b.booking_reference, 'ar'),
          b.nights, b.price_per_night, 0);
  if b.cleaning_fee > 0 then
    insert into public.invoice_items (invoice_id, description, description_ar, quantity, rate, position)
    values (inv.id, 'Cleaning fee', 'رسوم التنظيف', 1, b.cleaning_fee, 1);
  end if;

  if issue then
    update public.invoices set status = 'pending' where id = inv.id;
  end if;
  select * into inv from public.invoices i where i.id = inv.id;
  return inv;
end;
$$;
comment on function public.invoice_from_booking is
  'Creates an invoice with the stay (nights × rate) and cleaning-fee lines of a booking, described in English and Arabic; a booking the caller cannot read is 404.';

-- As in 20261122002400_finance_functions.sql; an invoice the caller cannot read is 404.
create or replace function public.mark_invoice_paid(
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
    perform private.fail('Error loading invoices', 'invoice_not_found', 'PT404');
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
comment on function public.mark_invoice_paid is
  'Issues a draft invoice if needed and records a payment of its remaining balance; an invoice the caller cannot read is 404.';
