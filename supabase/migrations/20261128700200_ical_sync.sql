-- The channel manager's iCal import (issue 15): what the ical function asks the database when it
-- syncs a connection's feed (ical_import_url), and the sync log staff read in the Channels tab.
--
--   * public.ota_sync_runs: one row per sync of a feed — started, finished, how many events were
--     created / updated / cancelled / in conflict, the error if it failed. An unfinished run younger
--     than two minutes is the connection's lease: a second sync meanwhile is refused ('busy').
--   * public.begin_ical_sync(connection_id, trigger): service role. The lease and the feed's URL.
--   * public.apply_ical_sync(run_id, events): service role, one transaction. Each event (UID,
--     check-in, exclusive check-out) becomes a confirmed booking of the unit with the platform as
--     source and a per-platform placeholder guest; a known UID with new dates moves its booking;
--     a UID gone from the feed cancels its booking unless the stay is over (past stays are history).
--     An event that cannot be placed (it overlaps a stay already on the calendar: the exclusion
--     constraint, a pending request, …) makes no booking: it is kept with conflict = true and its
--     reason, and counted. Only bookings this connection made are ever changed: a direct booking
--     is never touched.
--   * public.fail_ical_sync(run_id, error): service role. A feed that could not be read or parsed
--     ends the run with its error; what earlier syncs imported stays as it was.
--   * public.ical_connection_for_caller(connection_id): staff with channels.write or units.write
--     (404 for another organisation's connection), before the function syncs on their behalf.

alter table public.ota_imported_events add column conflict_reason text check (length(conflict_reason) <= 500);
comment on column public.ota_imported_events.conflict_reason is 'Why the event could not become a booking (the database''s message).';

create table public.ota_sync_runs (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  connection_id uuid not null,
  trigger text not null default 'schedule' check (trigger in ('manual', 'schedule')),
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  events_seen integer not null default 0,
  created_count integer not null default 0,
  updated_count integer not null default 0,
  cancelled_count integer not null default 0,
  conflict_count integer not null default 0,
  error text check (length(error) <= 1000),
  foreign key (organization_id, connection_id) references public.ota_connections (organization_id, id) on delete cascade
);
comment on table public.ota_sync_runs is 'The sync log of each OTA connection''s iCal feed (written by the ical function).';
create index ota_sync_runs_connection_idx on public.ota_sync_runs (organization_id, connection_id, started_at desc);

alter table public.ota_sync_runs enable row level security;
-- Staff holding channels.read read their organisation's sync log; the super administrator reads all.
create policy ota_sync_runs_select on public.ota_sync_runs for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('channels.read')))
    or (select private.is_super_admin())
  );
revoke all on public.ota_sync_runs from anon, authenticated;
grant select on public.ota_sync_runs to authenticated;
grant all on public.ota_sync_runs to service_role;

-- The caller's connection (404 for another organisation's), for a sync they asked for.
create function public.ical_connection_for_caller(connection_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  found public.ota_connections;
begin
  select c.* into found from public.ota_connections c
    where c.id = connection_id and c.organization_id = private.current_org_id();
  if found.id is null then
    perform private.fail('This connection was not found', 'connection_not_found', 'PT404');
  end if;
  if not (private.has_permission('channels.write') or private.has_permission('units.write')) then
    perform private.fail('Permission denied. Contact administrator.', 'channels_write_required', '42501');
  end if;
  return jsonb_build_object('id', found.id, 'unit_id', found.unit_id, 'ical_import_url', found.ical_import_url);
end;
$$;
comment on function public.ical_connection_for_caller(uuid) is
  'Staff with channels.write or units.write: a connection of their organisation before the ical function syncs it; 404 for another organisation''s.';
revoke all on function public.ical_connection_for_caller(uuid) from public, anon;
grant execute on function public.ical_connection_for_caller(uuid) to authenticated, service_role;

-- Service role: takes the connection's sync lease (refused while another sync of it runs) and
-- starts a run. Runs left unfinished for two minutes (a function that died) are closed first.
create function public.begin_ical_sync(connection_id uuid, trigger text default 'schedule')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  conn public.ota_connections;
  run_id uuid;
begin
  select c.* into conn from public.ota_connections c where c.id = connection_id for update;
  if conn.id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  if conn.unit_id is null or coalesce(conn.ical_import_url, '') = '' then
    return jsonb_build_object('outcome', 'no_feed');
  end if;
  update public.ota_sync_runs r set finished_at = now(), error = 'The sync stopped before it finished'
    where r.connection_id = conn.id and r.finished_at is null and r.started_at <= now() - interval '2 minutes';
  if exists (select 1 from public.ota_sync_runs r where r.connection_id = conn.id and r.finished_at is null) then
    return jsonb_build_object('outcome', 'busy');
  end if;
  insert into public.ota_sync_runs (organization_id, connection_id, trigger)
    values (conn.organization_id, conn.id, case when trigger = 'manual' then 'manual' else 'schedule' end)
    returning id into run_id;
  return jsonb_build_object('outcome', 'ok', 'run_id', run_id, 'url', conn.ical_import_url, 'platform', conn.platform);
end;
$$;
comment on function public.begin_ical_sync(uuid, text) is
  'Service role (ical function): the connection''s sync lease and a new run; {outcome: ok | busy | no_feed | not_found, run_id, url}.';
revoke all on function public.begin_ical_sync(uuid, text) from public, anon, authenticated;
grant execute on function public.begin_ical_sync(uuid, text) to service_role;

-- The placeholder guest of a platform's imported stays in an organisation (the platforms' feeds
-- carry no guest data), made on first use.
create function private.channel_guest(org uuid, platform public.ota_platform)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  marker text := 'OTA-' || upper(platform::text);
  guest uuid;
begin
  select c.id into guest from public.clients c where c.organization_id = org and c.passport_number = marker;
  if guest is null then
    insert into public.clients (organization_id, name, phone, passport_number, notes, preferred_language)
    values (org,
      case platform when 'airbnb' then 'Airbnb guest' when 'booking_com' then 'Booking.com guest'
        when 'gathern' then 'Gathern guest' else initcap(platform::text) || ' guest' end,
      '0000000000', marker, 'Stays imported from the platform''s calendar (iCal); the platform keeps the guest''s details.', 'en')
    returning id into guest;
  end if;
  return guest;
end;
$$;
comment on function private.channel_guest(uuid, public.ota_platform) is
  'The placeholder client of a platform''s imported stays in an organisation (created on first use).';
revoke all on function private.channel_guest(uuid, public.ota_platform) from public;

create function public.apply_ical_sync(run_id uuid, events jsonb)
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

create function public.fail_ical_sync(run_id uuid, error text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  with ended as (
    update public.ota_sync_runs r set finished_at = now(), error = left(coalesce(fail_ical_sync.error, 'Unknown error'), 1000)
      where r.id = fail_ical_sync.run_id and r.finished_at is null
      returning r.connection_id, r.error
  )
  update public.ota_connections c set last_error = left(ended.error, 500)
    from ended where c.id = ended.connection_id
$$;
comment on function public.fail_ical_sync(uuid, text) is
  'Service role (ical function): ends a run with the feed''s error (unreadable, malformed, timed out); imported stays are kept.';
revoke all on function public.fail_ical_sync(uuid, text) from public, anon, authenticated;
grant execute on function public.fail_ical_sync(uuid, text) to service_role;

-- The schedule: every 15 minutes a pg_net call (sent after commit) of the function's service-only
-- route, which syncs every connection with a feed. Waits quietly without the Vault secrets.
create function private.ical_sync_request()
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  if not exists (select 1 from public.ota_connections c where c.unit_id is not null and coalesce(c.ical_import_url, '') <> '') then
    return null;
  end if;
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into service_key from vault.decrypted_secrets where name = 'service_role_key';
  if coalesce(project_url, '') = '' or coalesce(service_key, '') = '' then
    raise warning 'ical: the Vault secrets project_url and service_role_key are not set; feeds wait (README, Deploy)';
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/ical/sync',
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key,
      'apikey', service_key),
    timeout_milliseconds := 120000
  );
end;
$$;
comment on function private.ical_sync_request() is
  'The cron job''s body: queues a pg_net call of the ical function''s sync route when any connection has a feed.';
revoke all on function private.ical_sync_request() from public;

select cron.schedule('ical-import', '*/15 * * * *', $$select private.ical_sync_request()$$);
