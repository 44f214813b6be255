-- The channel manager's iCal import (issue 15) links each event of a platform's feed (its UID) to
-- the blocking booking it became, per OTA connection. The export reads it too: a unit's export for
-- a connection leaves out the stays imported from that same platform, so a platform never sees its
-- own reservations come back as "not available" (a loop the platforms answer with cancellations).

create table public.ota_imported_events (
  connection_id uuid not null,
  organization_id uuid not null,
  -- The event's UID as the platform sent it (stable across syncs of the same reservation).
  uid text not null check (length(uid) between 1 and 500),
  booking_id uuid,
  check_in date not null,
  check_out date not null,
  summary text check (summary is null or length(summary) <= 500),
  -- True when the event overlapped a stay already on the calendar and no booking was made for it.
  conflict boolean not null default false,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (connection_id, uid),
  foreign key (organization_id, connection_id) references public.ota_connections (organization_id, id) on delete cascade,
  foreign key (organization_id, booking_id) references public.bookings (organization_id, id) on delete set null (booking_id),
  constraint ota_imported_events_dates_check check (check_out > check_in)
);
comment on table public.ota_imported_events is
  'Events of an OTA connection''s iCal feed by UID, with the booking each became (or a conflict); written by the ical function.';
create index ota_imported_events_org_idx on public.ota_imported_events (organization_id, connection_id);
create index ota_imported_events_booking_idx on public.ota_imported_events (organization_id, booking_id);
create trigger ota_imported_events_touch before update on public.ota_imported_events
  for each row execute function private.touch_updated_at();

alter table public.ota_imported_events enable row level security;
-- Staff holding channels.read see the imported events (and conflicts) of their organisation; the
-- super administrator sees all. Only the ical function (service role) writes them.
create policy ota_imported_events_select on public.ota_imported_events for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('channels.read')))
    or (select private.is_super_admin())
  );
revoke all on public.ota_imported_events from anon, authenticated;
grant select on public.ota_imported_events to authenticated;
grant all on public.ota_imported_events to service_role;
