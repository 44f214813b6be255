-- A pending public request never blocks the organisation's own staff without them seeing it.
--
-- A request from the public page holds its dates for 24 hours (bookings_no_overlap). Staff who
-- booked those dates got the generic "This unit is already booked for the selected dates", with
-- nothing telling them that the dates were only asked for, by whom, or until when. Now, when the
-- only bookings in the way of a staff member's booking are live public requests of their own
-- organisation, the write is refused with a distinct 409 that names them:
--   PT409 (HTTP 409) · HINT booking_pending_request · message "These dates are held by a booking
--   request waiting for an answer: BK-… from <guest> until <time> (<timezone>)" · DETAIL a JSON
--   object {"requests": [{id, booking_reference, guest_name, check_in, check_out, expires_at}]}
--   the app reads to offer the choice (decline and book, open the request, change dates;
--   20261123170500_decline_requests_and_book.sql declines and books in one transaction).
-- Anyone else (a visitor's request_booking, another organisation, channel sync with the service
-- role) still gets the generic overlap error and learns nothing about the request. A confirmed
-- booking, or a staff-made pending one, in the way also gives the generic error.
--
-- A trigger of its own, named to fire after bookings_0_request_hold (which first releases lapsed
-- requests in the way) and before bookings_before_write (whose overlap check would answer
-- generically). It takes the unit's booking lock, as bookings_before_write does, so what it sees
-- is what that check would see.
create function private.bookings_pending_request_conflict()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
  tz text;
  conflicts jsonb;
  described text;
begin
  if new.status = 'cancelled' or new.check_out <= new.check_in
     or org is null or new.organization_id is distinct from org
     or not (tg_op = 'INSERT' or old.status = 'cancelled' or new.unit_id is distinct from old.unit_id
             or new.check_in is distinct from old.check_in or new.check_out is distinct from old.check_out) then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('booking-unit:' || new.unit_id::text, 0));
  -- Only when every booking in the way is a live public request.
  if not exists (select 1 from public.bookings b
                 where b.unit_id = new.unit_id and b.status <> 'cancelled' and b.id <> new.id
                   and daterange(b.check_in, b.check_out, '[)') && daterange(new.check_in, new.check_out, '[)'))
     or exists (select 1 from public.bookings b
                where b.unit_id = new.unit_id and b.status <> 'cancelled' and b.id <> new.id
                  and daterange(b.check_in, b.check_out, '[)') && daterange(new.check_in, new.check_out, '[)')
                  and not (b.status = 'pending' and b.request_expires_at > now())) then
    return new;
  end if;
  select o.default_timezone::text into tz from public.organizations o where o.id = new.organization_id;
  select jsonb_agg(jsonb_build_object('id', b.id, 'booking_reference', b.booking_reference, 'guest_name', c.name,
                                      'check_in', b.check_in, 'check_out', b.check_out,
                                      'expires_at', b.request_expires_at) order by b.check_in),
         string_agg(format('%s from %s until %s', b.booking_reference, c.name,
                           to_char(b.request_expires_at at time zone tz, 'YYYY-MM-DD HH24:MI')), '; ' order by b.check_in)
    into conflicts, described
    from public.bookings b join public.clients c on c.id = b.client_id
   where b.unit_id = new.unit_id and b.status = 'pending' and b.request_expires_at > now() and b.id <> new.id
     and daterange(b.check_in, b.check_out, '[)') && daterange(new.check_in, new.check_out, '[)');
  -- Raised directly rather than through private.fail(), which has no DETAIL.
  raise exception using
    message = format('These dates are held by a booking request waiting for an answer: %s (%s)', described, tz),
    hint = 'booking_pending_request',
    detail = jsonb_build_object('requests', conflicts)::text,
    errcode = 'PT409';
end;
$$;
comment on function private.bookings_pending_request_conflict is
  'Refuses a staff booking whose dates are held only by live public requests of the organisation with a distinct 409 naming them (reference, guest, expiry), so staff can choose; everyone else gets the generic overlap.';
revoke all on function private.bookings_pending_request_conflict from public;
create trigger bookings_1_pending_request_conflict before insert or update on public.bookings
  for each row execute function private.bookings_pending_request_conflict();
