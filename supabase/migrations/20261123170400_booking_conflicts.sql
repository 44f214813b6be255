-- What is in the way of a stay, and which public requests are waiting, for the staff booking
-- screen: the booking form shows the bookings that overlap the chosen dates (a public request as
-- such: guest, dates, when it lapses) while staff pick them, and the calendar marks the live
-- requests of the month. Both for staff of the organisation who may read or write bookings;
-- another organisation's unit is "not found" (404), like everywhere else.

-- The non-cancelled bookings of one of the caller's units overlapping [check_in, check_out),
-- except exclude_booking_id (the booking being edited). Lapsed requests are not in the way (the
-- next write releases them) and are left out. Their dates are booking_check_in/_check_out: a
-- function's inputs and result columns cannot share a name.
create function public.booking_conflicts(
  unit_id uuid,
  check_in date,
  check_out date,
  exclude_booking_id uuid default null
)
returns table (
  id uuid,
  booking_reference text,
  status public.booking_status,
  booking_check_in date,
  booking_check_out date,
  guest_name text,
  request_expires_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
begin
  if unit_id is null or check_in is null or check_out is null then
    perform private.fail('This field is required', 'availability_input_required', '22023');
  end if;
  if org is null or not (private.has_permission('bookings.read') or private.has_permission('bookings.write')) then
    perform private.fail('Availability check failed', 'availability_forbidden', '42501');
  end if;
  if not exists (select 1 from public.units u where u.id = booking_conflicts.unit_id and u.organization_id = org) then
    perform private.fail('This unit was not found', 'unit_not_found', 'PT404');
  end if;
  if check_out <= check_in then
    perform private.fail('Check-out must be after check-in', 'booking_dates_invalid', '22023');
  end if;
  return query
    select b.id, b.booking_reference, b.status, b.check_in, b.check_out, c.name, b.request_expires_at
    from public.bookings b join public.clients c on c.id = b.client_id
    where b.unit_id = booking_conflicts.unit_id and b.organization_id = org and b.status <> 'cancelled'
      and (exclude_booking_id is null or b.id <> exclude_booking_id)
      and not (b.status = 'pending' and b.request_expires_at <= now())
      and daterange(b.check_in, b.check_out, '[)') && daterange(booking_conflicts.check_in, booking_conflicts.check_out, '[)')
    order by b.check_in;
end;
$$;
comment on function public.booking_conflicts is
  'Bookings of one of the caller''s units in the way of a stay (reference, status, dates, guest, and the expiry of a public request), for the staff booking form; another organisation''s unit is 404.';
revoke all on function public.booking_conflicts from public;
grant execute on function public.booking_conflicts to authenticated, service_role;

-- The caller's organisation's public requests waiting for an answer with a stay touching
-- [from_date, to_date) (at most 400 days, like calendar_bookings), for the calendar.
create function public.pending_booking_requests(from_date date, to_date date)
returns table (
  id uuid,
  unit_id uuid,
  booking_reference text,
  check_in date,
  check_out date,
  guest_name text,
  request_expires_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
begin
  if from_date is null or to_date is null or to_date <= from_date or to_date - from_date > 400 then
    perform private.fail('Please check your input and try again.', 'calendar_range_invalid', '22023');
  end if;
  if org is null or not (private.has_permission('bookings.read') or private.has_permission('bookings.write')) then
    return;
  end if;
  return query
    select b.id, b.unit_id, b.booking_reference, b.check_in, b.check_out, c.name, b.request_expires_at
    from public.bookings b join public.clients c on c.id = b.client_id
    where b.organization_id = org and b.status = 'pending' and b.request_expires_at > now()
      and b.check_out > from_date and b.check_in < to_date
    order by b.check_in;
end;
$$;
comment on function public.pending_booking_requests is
  'Live public booking requests of the caller''s organisation touching a date range (reference, unit, dates, guest, expiry), for the calendar; empty for callers who may not read bookings.';
revoke all on function public.pending_booking_requests from public;
grant execute on function public.pending_booking_requests to authenticated, service_role;

-- Both look for requests by organisation and expiry (bookings_request_holds_org_expiry_idx) or
-- by unit and dates (the bookings_no_overlap index); no new index is needed.
