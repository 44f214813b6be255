-- Staff screens release lapsed public booking requests before they read bookings.
--
-- 20261122039000_public_request_expiry.sql releases a lapsed hold when something writes or checks
-- availability on that unit, and on hosted projects every 5 minutes through pg_cron. Between
-- those moments the bookings list, the calendar and the overview would still show an expired
-- request as "pending", and a manager might try to confirm it. The list and calendar functions
-- are STABLE (PostgREST runs them read-only), so they cannot release anything themselves; the app
-- calls this first, in the same fetch (features/bookings and features/dashboard api files).

create function public.release_lapsed_booking_requests()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
  lapsed_unit uuid;
  released integer := 0;
begin
  -- Only staff who may see the organisation's bookings, and only its own units.
  if org is null or not (private.has_permission('bookings.read') or private.has_permission('bookings.write')) then
    return 0;
  end if;
  for lapsed_unit in
    select distinct b.unit_id from public.bookings b
    where b.organization_id = org and b.status = 'pending'
      and b.request_expires_at is not null and b.request_expires_at <= now()
  loop
    released := released + private.expire_pending_requests(lapsed_unit);
  end loop;
  return released;
end;
$$;
comment on function public.release_lapsed_booking_requests is
  'Cancels the caller''s organisation''s public booking requests whose hold has lapsed, before a staff screen reads bookings; returns how many.';
revoke all on function public.release_lapsed_booking_requests from public;
grant execute on function public.release_lapsed_booking_requests to authenticated, service_role;

-- The sweep above looks for lapsed holds by organisation (the existing partial indexes are by unit
-- and by organisation + client; this one answers "which units of this organisation have a hold
-- that ended", the whole question, from the index).
create index bookings_request_holds_org_expiry_idx on public.bookings (organization_id, request_expires_at, unit_id)
  where status = 'pending' and request_expires_at is not null;
