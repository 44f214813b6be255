-- The status of an OTA connection (Settings → OTA connections, issue 15) is derived by the
-- database from what the connection has, so the list always tells the truth:
--
--   setup_required  no unit is mapped, or there is neither an iCal address nor API credentials:
--                   nothing can be synced yet.
--   connected       API credentials are stored but there is no iCal feed. A platform's API sync
--                   needs that platform's partner approval; until then the calendar is synced by
--                   iCal, so the UI says "add the platform's calendar address".
--   pending         an iCal feed is set (with or without credentials) but has never synced.
--   active          the iCal feed has synced at least once (last_synced_at).
--   disconnected    set by staff only (channels.write, a plain update allowed by RLS), kept
--                   through every later change and sync attempt until staff reconnect by writing
--                   any other status — which the trigger then replaces by the derived one.
--
-- A failed sync does not change the status (active stays active, pending stays pending): the
-- error is kept in last_error and shown beside the badge. Any status other than 'disconnected'
-- that a client writes is replaced by the derived one, so a browser cannot claim "active".

create function private.ota_connection_status()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'disconnected' then
    return new; -- staff's choice, kept until they reconnect
  end if;
  new.status := case
    when new.unit_id is null
      or (coalesce(btrim(new.ical_import_url), '') = '' and not new.credentials_configured) then 'setup_required'
    when coalesce(btrim(new.ical_import_url), '') = '' then 'connected'
    when new.last_synced_at is null then 'pending'
    else 'active'
  end::public.connection_status;
  return new;
end;
$$;
comment on function private.ota_connection_status() is
  'Trigger: derives an OTA connection''s status (setup_required, connected, pending, active) unless staff disconnected it.';
revoke all on function private.ota_connection_status() from public;

create trigger ota_connections_status before insert or update on public.ota_connections
  for each row execute function private.ota_connection_status();

-- Existing rows take the derived status (a disconnected one stays disconnected).
update public.ota_connections c set status = 'setup_required' where c.status <> 'disconnected';
