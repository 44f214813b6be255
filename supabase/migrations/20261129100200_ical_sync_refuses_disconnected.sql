-- A connection staff disconnected (Settings → OTA connections, issue 15) is not synced: neither
-- by "Sync now" nor by the schedule. begin_ical_sync answers {"outcome": "disconnected"} for it
-- (the ical function maps that to 409 connection_disconnected, or skips it on schedule) and
-- starts no run, so nothing it imported earlier changes. Its export feed keeps being served
-- (ical_export_feed is unchanged): only deleting the connection stops the export.
-- Otherwise as in 20261128700200_ical_sync.sql.

create or replace function public.begin_ical_sync(connection_id uuid, trigger text default 'schedule')
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
  if conn.status = 'disconnected' then
    return jsonb_build_object('outcome', 'disconnected');
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
  'Service role (ical function): the connection''s sync lease and a new run; {outcome: ok | busy | no_feed | disconnected | not_found, run_id, url}.';
