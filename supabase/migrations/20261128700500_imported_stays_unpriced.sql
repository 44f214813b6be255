-- Stays imported from a platform's iCal feed (issue 15) carry no price: the platform takes the
-- guest's payment and its calendar says nothing about the amount, so the unit's own price would
-- only invent revenue in the dashboard and reports. apply_ical_sync() (redefined here, otherwise
-- unchanged) marks its transaction with the setting nuzl.channel_import, and a BEFORE trigger that
-- runs after bookings_before_write (triggers fire in name order) sets the prices of the bookings
-- it writes to zero. A direct booking is never written in that transaction.

create function private.bookings_imported_unpriced()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if coalesce(current_setting('nuzl.channel_import', true), '') = 'on' then
    new.price_per_night := 0;
    new.cleaning_fee := 0;
    new.total_amount := 0;
  end if;
  return new;
end;
$$;
comment on function private.bookings_imported_unpriced() is
  'BEFORE INSERT / UPDATE trigger on bookings: inside apply_ical_sync (nuzl.channel_import = on) the imported stay is unpriced.';
revoke all on function private.bookings_imported_unpriced() from public;

create trigger bookings_imported_unpriced before insert or update on public.bookings
  for each row execute function private.bookings_imported_unpriced();

create or replace function public.apply_ical_sync(run_id uuid, events jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  run public.ota_sync_runs;
  conn public.ota_connections;
  guest uuid;
  stay_source public.booking_source;
  e record;
  known public.ota_imported_events;
  known_live boolean;
  made uuid;
  seen text[] := '{}';
  created integer := 0;
  updated integer := 0;
  cancelled integer := 0;
  conflicts integer := 0;
  gone record;
begin
  select r.* into run from public.ota_sync_runs r where r.id = run_id and r.finished_at is null for update;
  if run.id is null then
    perform private.fail('This sync run was not found or has finished', 'sync_run_not_found', 'PT404');
  end if;
  select c.* into conn from public.ota_connections c where c.id = run.connection_id;
  -- The stays written below are the platform's: bookings_imported_unpriced zeroes their prices.
  perform set_config('nuzl.channel_import', 'on', true);
  stay_source := case conn.platform when 'airbnb' then 'airbnb' when 'booking_com' then 'booking_com' else 'other' end;
  guest := private.channel_guest(conn.organization_id, conn.platform);

  for e in
    select x.uid, x.check_in, x.check_out, left(x.summary, 500) as summary
    from jsonb_to_recordset(coalesce(events, '[]'::jsonb)) as x(uid text, check_in date, check_out date, summary text)
    where x.uid is not null and length(x.uid) between 1 and 500 and x.check_out > x.check_in
  loop
    if e.uid = any (seen) then
      continue; -- a feed repeating a UID: the first one counts
    end if;
    seen := seen || e.uid;
    select i.* into known from public.ota_imported_events i where i.connection_id = conn.id and i.uid = e.uid;
    known_live := known.booking_id is not null and exists (
      select 1 from public.bookings b where b.id = known.booking_id and b.status <> 'cancelled');
    if known_live then
      if known.check_in = e.check_in and known.check_out = e.check_out then
        update public.ota_imported_events i set summary = e.summary, conflict = false, conflict_reason = null
          where i.connection_id = conn.id and i.uid = e.uid and (i.conflict or i.summary is distinct from e.summary);
        continue;
      end if;
      begin
        update public.bookings b set check_in = e.check_in, check_out = e.check_out where b.id = known.booking_id;
        update public.ota_imported_events i
          set check_in = e.check_in, check_out = e.check_out, summary = e.summary, conflict = false,
              conflict_reason = null, cancelled_at = null
          where i.connection_id = conn.id and i.uid = e.uid;
        updated := updated + 1;
      exception when others then
        -- The new dates run into another stay: the booking stays where it was, the clash is shown.
        update public.ota_imported_events i
          set conflict = true, conflict_reason = left(sqlerrm, 500), summary = e.summary
          where i.connection_id = conn.id and i.uid = e.uid;
        conflicts := conflicts + 1;
      end;
      continue;
    end if;
    begin
      insert into public.bookings (organization_id, unit_id, client_id, check_in, check_out, status, source,
                                   guests_count, special_requests)
      values (conn.organization_id, conn.unit_id, guest, e.check_in, e.check_out, 'confirmed', stay_source, 1,
              'Imported from ' || conn.connection_name || ' (iCal)')
      returning id into made;
      insert into public.ota_imported_events as i (connection_id, organization_id, uid, booking_id, check_in, check_out, summary)
      values (conn.id, conn.organization_id, e.uid, made, e.check_in, e.check_out, e.summary)
      on conflict (connection_id, uid) do update
        set booking_id = excluded.booking_id, check_in = excluded.check_in, check_out = excluded.check_out,
            summary = excluded.summary, conflict = false, conflict_reason = null, cancelled_at = null;
      created := created + 1;
    exception when others then
      insert into public.ota_imported_events as i
        (connection_id, organization_id, uid, booking_id, check_in, check_out, summary, conflict, conflict_reason)
      values (conn.id, conn.organization_id, e.uid, null, e.check_in, e.check_out, e.summary, true, left(sqlerrm, 500))
      on conflict (connection_id, uid) do update
        set booking_id = null, check_in = excluded.check_in, check_out = excluded.check_out, summary = excluded.summary,
            conflict = true, conflict_reason = excluded.conflict_reason, cancelled_at = null;
      conflicts := conflicts + 1;
    end;
  end loop;

  -- Events gone from the feed: their bookings are cancelled, unless the stay is over.
  for gone in
    select i.uid, i.booking_id, i.conflict from public.ota_imported_events i
    where i.connection_id = conn.id and i.cancelled_at is null and not (i.uid = any (seen))
      and i.check_out > current_date
  loop
    if gone.booking_id is not null then
      begin
        update public.bookings b set status = 'cancelled'
          where b.id = gone.booking_id and b.status in ('pending', 'confirmed');
        if found then
          cancelled := cancelled + 1;
        end if;
      exception when others then
        null; -- a stay already checked in is left to staff
      end;
    end if;
    update public.ota_imported_events i set cancelled_at = now(), conflict = false
      where i.connection_id = conn.id and i.uid = gone.uid;
  end loop;

  update public.ota_sync_runs r
    set finished_at = now(), events_seen = coalesce(array_length(seen, 1), 0), created_count = created,
        updated_count = updated, cancelled_count = cancelled, conflict_count = conflicts
    where r.id = run.id;
  update public.ota_connections c set last_synced_at = now(), last_error = null where c.id = conn.id;
  return jsonb_build_object('created', created, 'updated', updated, 'cancelled', cancelled, 'conflicts', conflicts,
    'events', coalesce(array_length(seen, 1), 0));
end;
$$;
comment on function public.apply_ical_sync(uuid, jsonb) is
  'Service role (ical function): applies a parsed feed ([{uid, check_in, check_out, summary}]) to the connection''s imported bookings — created, moved, cancelled when gone (future only), conflicts kept and counted; finishes the run.';
revoke all on function public.apply_ical_sync(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.apply_ical_sync(uuid, jsonb) to service_role;
