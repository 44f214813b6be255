-- The channel manager's iCal export (issue 15): /functions/v1/ical/<token>.ics, which the
-- platforms fetch without any sign-in, so the token in the URL is the only secret.
--
--   * public.ical_export_feed(token, client_address): service role (the ical function). The
--     unit's stays for that connection's token as dates and ids only (no guest, no amount):
--     pending holds, confirmed and checked-in stays, from 30 days back; cancelled and checked-out
--     ones are not there, nor the stays imported from the same platform for that unit (no loop).
--     An address that asked for 30 unknown tokens in the current five-minute window is refused
--     whatever it asks next (as api_gate does for API keys): guessing a token is hopeless anyway
--     (256 bits), this only keeps the guessing cheap for us. It answers instead of raising, so the
--     count is kept.
--   * public.rotate_ical_export_token(connection_id): staff with channels.write or units.write in
--     the connection's organisation; a new token at once, the old URL is 404 from then on.

create table private.ical_address_windows (
  address text primary key check (length(address) between 1 and 64),
  window_start timestamptz not null,
  failures integer not null default 0 check (failures >= 0)
);
comment on table private.ical_address_windows is
  'Requests for unknown iCal export tokens per client address in its current five-minute window (the ical function''s guessing limit).';
revoke all on table private.ical_address_windows from public, anon, authenticated;

create function public.ical_export_feed(token text, client_address text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  max_failures constant integer := 30;
  span constant interval := interval '5 minutes';
  peer text := coalesce(nullif(left(btrim(coalesce(client_address, '')), 64), ''), 'unknown');
  current_window timestamptz := date_bin(span, now(), timestamptz '2000-01-01 00:00:00+00');
  retry_after integer := greatest(ceil(extract(epoch from current_window + span - clock_timestamp())), 1)::integer;
  seen record;
  connection public.ota_connections;
begin
  select w.window_start, w.failures into seen from private.ical_address_windows w where w.address = peer;
  if found and seen.window_start = current_window and seen.failures >= max_failures then
    return jsonb_build_object('outcome', 'address_limited', 'retry_after', retry_after);
  end if;

  select c.* into connection from public.ota_connections c
    where c.ical_export_token = ical_export_feed.token and c.unit_id is not null;
  if connection.id is null then
    insert into private.ical_address_windows as w (address, window_start, failures)
    values (peer, current_window, 1)
    on conflict on constraint ical_address_windows_pkey do update
      set failures = case when w.window_start = excluded.window_start then w.failures + 1 else 1 end,
          window_start = excluded.window_start;
    if random() < 0.01 then
      delete from private.ical_address_windows w where w.window_start < now() - interval '1 day';
    end if;
    return jsonb_build_object('outcome', 'unknown');
  end if;

  return jsonb_build_object(
    'outcome', 'ok',
    'connection_id', connection.id,
    'unit_id', connection.unit_id,
    'platform', connection.platform,
    'events', coalesce((
      select jsonb_agg(jsonb_build_object(
          'id', b.id, 'check_in', b.check_in, 'check_out', b.check_out, 'status', b.status,
          'updated_at', b.updated_at)
        order by b.check_in, b.id)
      from public.bookings b
      where b.unit_id = connection.unit_id
        and b.organization_id = connection.organization_id
        and b.status in ('pending', 'confirmed', 'checked_in')
        and b.check_out >= current_date - 30
        and not exists (
          select 1 from public.ota_imported_events e
          join public.ota_connections same on same.id = e.connection_id
          where e.booking_id = b.id
            and same.unit_id = connection.unit_id
            and same.platform = connection.platform)
    ), '[]'::jsonb)
  );
end;
$$;
comment on function public.ical_export_feed(text, text) is
  'Service role (ical function): the stays (dates and ids only) of the unit behind an export token, without those imported from the same platform; {outcome: ok | unknown | address_limited}. 30 unknown tokens per address in five minutes, then refused.';
revoke all on function public.ical_export_feed(text, text) from public, anon, authenticated;
grant execute on function public.ical_export_feed(text, text) to service_role;

-- A new export token for a connection of the caller's organisation (another organisation's or a
-- missing one is 404); needs channels.write or units.write. Returns the new token.
create function public.rotate_ical_export_token(connection_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  fresh text := encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex');
  rotated uuid;
begin
  if not exists (
    select 1 from public.ota_connections c
    where c.id = connection_id and c.organization_id = private.current_org_id()
  ) then
    perform private.fail('This connection was not found', 'connection_not_found', 'PT404');
  end if;
  if not (private.has_permission('channels.write') or private.has_permission('units.write')) then
    perform private.fail('Permission denied. Contact administrator.', 'channels_write_required', '42501');
  end if;
  update public.ota_connections c set ical_export_token = fresh
    where c.id = connection_id and c.organization_id = private.current_org_id()
    returning c.id into rotated;
  return fresh;
end;
$$;
comment on function public.rotate_ical_export_token(uuid) is
  'Staff with channels.write or units.write: a new iCal export token for a connection of their organisation (the old URL stops at once); 404 for another organisation''s.';
revoke all on function public.rotate_ical_export_token(uuid) from public, anon;
grant execute on function public.rotate_ical_export_token(uuid) to authenticated;
