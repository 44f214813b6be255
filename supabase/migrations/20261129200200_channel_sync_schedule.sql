-- Settings → Integrations → Channel sync (issue 15): the organisation's schedule for its iCal
-- feeds is the 'ical' integration: sync_frequency (realtime = every 15 minutes, the job's pace;
-- hourly; daily; manual = only "Sync now") and status (disconnected = paused: the schedule skips
-- every feed of the organisation, "Sync now" still works). No row means every 15 minutes.
--
--   * public.set_channel_sync_schedule(sync_frequency, paused): integrations.write.
--   * public.channel_sync_status(): integrations.read — how many feeds and the newest sync of any.

create function public.set_channel_sync_schedule(sync_frequency public.sync_frequency, paused boolean default false)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  saved public.integrations;
begin
  if org is null or not private.has_permission('integrations.write') then
    perform private.fail('Permission denied. Contact administrator.', 'integrations_write_required', '42501');
  end if;
  if sync_frequency is null or sync_frequency not in ('realtime', 'hourly', 'daily', 'manual') then
    perform private.fail('Choose how often the calendars sync', 'sync_frequency_invalid', '22023');
  end if;
  insert into public.integrations as i (organization_id, name, provider, status, sync_frequency, credentials_configured)
  values (org, 'Channel sync (iCal)', 'ical', (case when paused then 'disconnected' else 'active' end)::public.connection_status, sync_frequency, true)
  on conflict (organization_id, provider) where provider in ('ttlock', 'ical') do update set
    sync_frequency = excluded.sync_frequency,
    status = excluded.status
  returning i.* into saved;
  return jsonb_build_object('id', saved.id, 'status', saved.status, 'sync_frequency', saved.sync_frequency);
end;
$$;
comment on function public.set_channel_sync_schedule is
  'The caller''s organisation''s iCal sync schedule (integrations.write): frequency realtime (15 min), hourly, daily or manual; paused = disconnected.';
revoke all on function public.set_channel_sync_schedule(public.sync_frequency, boolean) from public, anon;
grant execute on function public.set_channel_sync_schedule(public.sync_frequency, boolean) to authenticated;

-- What the Channel sync card shows without channels.read: the number of feeds and the last sync.
create function public.channel_sync_status()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
  result jsonb;
begin
  if org is null or not private.has_permission('integrations.read') then
    perform private.fail('Permission denied. Contact administrator.', 'integrations_read_required', '42501');
  end if;
  select jsonb_build_object(
    'feeds', count(*) filter (where c.ical_import_url is not null and c.unit_id is not null),
    'paused_feeds', count(*) filter (where c.ical_import_url is not null and c.status = 'disconnected'),
    'last_synced_at', max(c.last_synced_at)
  ) into result
  from public.ota_connections c where c.organization_id = org;
  return result;
end;
$$;
comment on function public.channel_sync_status is
  'The caller''s organisation''s iCal feeds: how many, how many disconnected, the newest sync (integrations.read).';
revoke all on function public.channel_sync_status() from public, anon;
grant execute on function public.channel_sync_status() to authenticated;
