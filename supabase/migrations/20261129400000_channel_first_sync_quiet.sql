-- A connection's first sync is a backfill, not news (issue 15). Connecting a platform's calendar
-- brings in every stay it already holds — a busy listing's feed has hundreds — and each used to
-- notify staff of a "new booking" (in the app and by e-mail): 500 notifications for one click.
-- Stays imported by a connection's first sync (its last_synced_at is still null while
-- apply_ical_sync runs), and imported stays that are already over, are created without it; the
-- sync log counts them. Later syncs bring the platform's new stays one or two at a time, and those
-- keep their "new booking" notification.
--
-- apply_ical_sync marks its transaction with nuzl.channel_import (20261128700500); a connection
-- syncing now has an unfinished run (its lease). A unit has at most one connection per platform,
-- so "a never-synced connection of this unit is syncing" names the import at hand.

create or replace function private.bookings_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'cancelled' then
    return null;
  end if;
  if coalesce(current_setting('nuzl.channel_import', true), '') = 'on'
     and (new.check_out < current_date
          or exists (
            select 1
            from public.ota_connections c
            join public.ota_sync_runs r on r.connection_id = c.id and r.finished_at is null
            where c.organization_id = new.organization_id
              and c.unit_id = new.unit_id
              and c.last_synced_at is null)) then
    return null;
  end if;
  perform private.notify(
    new.organization_id,
    case when new.request_expires_at is not null and new.status = 'pending'
         then 'booking_requested'::public.notification_event else 'booking_created' end,
    private.notification_booking_params(new),
    '/dashboard/bookings?booking=' || new.id,
    'booking:' || new.id);
  return null;
end;
$$;
comment on function private.bookings_notify() is
  'AFTER INSERT trigger on bookings: notifies the staff the rules name of a new booking or public booking request; not for stays a connection''s first iCal sync imports, nor imported stays already over.';
