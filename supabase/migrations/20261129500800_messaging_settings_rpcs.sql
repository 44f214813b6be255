-- Settings → Messages and Settings → Integrations (issue 16): browsers change messaging_settings
-- only through these functions, so the tokens never travel back and the connection status is
-- the connection test's to write.
--
--   * set_messaging_settings(settings): quiet hours, SMS provider and sender (settings.manage).
--   * set_messaging_provider(provider, settings, secret): the WhatsApp number (ids, display phone)
--     and its access token, or the organisation's own SMS account (provider, sender, token /
--     AppSid) — integrations.write. A blank secret keeps the stored one; for SMS a null secret with
--     no stored one means Nuzl's own gateway account (sms_status 'platform').
--   * disconnect_messaging_provider(provider): forgets the secrets and ids.
--   * record_messaging_provider_test(organization_id, provider, ok, error): service role, the
--     messaging function's connection test writes the status.

create function public.set_messaging_settings(settings jsonb)
returns public.messaging_settings
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  saved public.messaging_settings;
  start_at time;
  end_at time;
begin
  if org is null or not private.has_permission('settings.manage') then
    perform private.fail('Permission denied. Contact administrator.', 'settings_manage_required', '42501');
  end if;
  if settings is null or jsonb_typeof(settings) <> 'object'
     or (settings ? 'sms_provider' and coalesce(settings ->> 'sms_provider', '') not in ('taqnyat', 'unifonic'))
     or (settings ? 'quiet_hours_enabled' and jsonb_typeof(settings -> 'quiet_hours_enabled') <> 'boolean')
     or (settings ? 'sms_sender' and jsonb_typeof(settings -> 'sms_sender') not in ('string', 'null'))
     or length(btrim(coalesce(settings ->> 'sms_sender', ''))) > 11 then
    perform private.fail('Please check your input', 'invalid_input', '22023');
  end if;
  begin
    start_at := (settings ->> 'quiet_hours_start')::time;
    end_at := (settings ->> 'quiet_hours_end')::time;
  exception when others then
    perform private.fail('Please check your input', 'invalid_input', '22023');
  end;
  perform private.add_messaging_settings(org);
  update public.messaging_settings s set
    quiet_hours_enabled = coalesce((settings ->> 'quiet_hours_enabled')::boolean, s.quiet_hours_enabled),
    quiet_hours_start = coalesce(start_at, s.quiet_hours_start),
    quiet_hours_end = coalesce(end_at, s.quiet_hours_end),
    sms_provider = coalesce(settings ->> 'sms_provider', s.sms_provider),
    sms_sender = case when settings ? 'sms_sender' then nullif(btrim(coalesce(settings ->> 'sms_sender', '')), '') else s.sms_sender end
  where s.organization_id = org
  returning s.* into saved;
  return saved;
end;
$$;
comment on function public.set_messaging_settings(jsonb) is
  'settings.manage: quiet hours (quiet_hours_enabled, quiet_hours_start, quiet_hours_end as HH:MM), sms_provider (taqnyat|unifonic), sms_sender (null = the platform''s); keys left out keep their value.';
revoke all on function public.set_messaging_settings(jsonb) from public, anon;
grant execute on function public.set_messaging_settings(jsonb) to authenticated;

create function public.set_messaging_provider(provider text, settings jsonb default '{}', secret text default null)
returns public.messaging_settings
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  saved public.messaging_settings;
  clean_secret text := nullif(btrim(coalesce(secret, '')), '');
  has_secret boolean;
  phone_id text := nullif(btrim(coalesce(settings ->> 'phone_number_id', '')), '');
  account_id text := nullif(btrim(coalesce(settings ->> 'business_account_id', '')), '');
  display text := nullif(btrim(coalesce(settings ->> 'display_phone', '')), '');
  sms_kind text := coalesce(nullif(btrim(coalesce(settings ->> 'provider', '')), ''), 'taqnyat');
  sender text := nullif(btrim(coalesce(settings ->> 'sender', '')), '');
begin
  if org is null or not private.has_permission('integrations.write') then
    perform private.fail('Permission denied. Contact administrator.', 'integrations_write_required', '42501');
  end if;
  if provider is null or provider not in ('whatsapp', 'sms') or settings is null or jsonb_typeof(settings) <> 'object'
     or length(coalesce(clean_secret, '')) > 1000 then
    perform private.fail('Please check your input', 'invalid_input', '22023');
  end if;
  perform private.add_messaging_settings(org);
  has_secret := exists (select 1 from public.messaging_secrets k where k.organization_id = org and k.provider = provider);
  if provider = 'whatsapp' then
    if phone_id is null or (clean_secret is null and not has_secret) then
      perform private.fail('Please fill in all fields', 'fields_required', '22023');
    end if;
    if phone_id !~ '^[0-9]{1,32}$' or (account_id is not null and account_id !~ '^[0-9]{1,32}$')
       or length(coalesce(display, '')) > 40 then
      perform private.fail('Please check your input', 'invalid_input', '22023');
    end if;
    if exists (select 1 from public.messaging_settings s where s.whatsapp_phone_number_id = phone_id and s.organization_id <> org) then
      perform private.fail('This WhatsApp number is connected to another organisation', 'whatsapp_number_taken', 'PT409');
    end if;
    update public.messaging_settings s set
      whatsapp_phone_number_id = phone_id, whatsapp_business_account_id = account_id, whatsapp_display_phone = display,
      whatsapp_status = 'active', whatsapp_error = null
    where s.organization_id = org returning s.* into saved;
  else
    if sms_kind not in ('taqnyat', 'unifonic') or length(coalesce(sender, '')) > 11 then
      perform private.fail('Please check your input', 'invalid_input', '22023');
    end if;
    update public.messaging_settings s set
      sms_provider = sms_kind, sms_sender = sender,
      sms_status = case when clean_secret is not null or has_secret then 'active' else 'platform' end, sms_error = null
    where s.organization_id = org returning s.* into saved;
  end if;
  if clean_secret is not null then
    insert into public.messaging_secrets as k (organization_id, provider, access_token)
    values (org, provider, clean_secret)
    on conflict on constraint messaging_secrets_pkey do update set access_token = excluded.access_token, updated_at = now();
  end if;
  return saved;
end;
$$;
comment on function public.set_messaging_provider(text, jsonb, text) is
  'integrations.write: connects the organisation''s WhatsApp number ({phone_number_id, business_account_id, display_phone} + access token) or its own SMS account ({provider, sender} + token/AppSid; none = the platform''s). A blank secret keeps the stored one.';
revoke all on function public.set_messaging_provider(text, jsonb, text) from public, anon;
grant execute on function public.set_messaging_provider(text, jsonb, text) to authenticated;

create function public.disconnect_messaging_provider(provider text)
returns public.messaging_settings
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  saved public.messaging_settings;
begin
  if org is null or not private.has_permission('integrations.write') then
    perform private.fail('Permission denied. Contact administrator.', 'integrations_write_required', '42501');
  end if;
  if provider is null or provider not in ('whatsapp', 'sms') then
    perform private.fail('Please check your input', 'invalid_input', '22023');
  end if;
  perform private.add_messaging_settings(org);
  delete from public.messaging_secrets k where k.organization_id = org and k.provider = provider;
  if provider = 'whatsapp' then
    update public.messaging_settings s set whatsapp_phone_number_id = null, whatsapp_business_account_id = null,
      whatsapp_display_phone = null, whatsapp_status = 'not_connected', whatsapp_error = null, whatsapp_tested_at = null
    where s.organization_id = org returning s.* into saved;
  else
    update public.messaging_settings s set sms_sender = null, sms_status = 'platform', sms_error = null, sms_tested_at = null
    where s.organization_id = org returning s.* into saved;
  end if;
  return saved;
end;
$$;
comment on function public.disconnect_messaging_provider(text) is
  'integrations.write: forgets the organisation''s WhatsApp number and token, or its own SMS account (back to the platform''s).';
revoke all on function public.disconnect_messaging_provider(text) from public, anon;
grant execute on function public.disconnect_messaging_provider(text) to authenticated;

-- Service role (messaging /providers/test): the result of a connection test.
create function public.record_messaging_provider_test(organization_id uuid, provider text, ok boolean, error text default null)
returns public.messaging_settings
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_variable
declare
  saved public.messaging_settings;
begin
  if provider = 'whatsapp' then
    update public.messaging_settings s set
      whatsapp_status = case when s.whatsapp_phone_number_id is null then 'not_connected' when ok then 'active' else 'error' end,
      whatsapp_error = case when ok then null else left(coalesce(error, 'Connection test failed'), 1000) end,
      whatsapp_tested_at = now()
    where s.organization_id = organization_id returning s.* into saved;
  elsif provider = 'sms' then
    update public.messaging_settings s set
      sms_status = case when ok then case when s.sms_status = 'platform' then 'platform' else 'active' end else 'error' end,
      sms_error = case when ok then null else left(coalesce(error, 'Connection test failed'), 1000) end,
      sms_tested_at = now()
    where s.organization_id = organization_id returning s.* into saved;
  else
    perform private.fail('Please check your input', 'invalid_input', '22023');
  end if;
  return saved;
end;
$$;
comment on function public.record_messaging_provider_test(uuid, text, boolean, text) is
  'Service role (messaging function): records a provider connection test — status active/error, the error, tested_at.';
revoke all on function public.record_messaging_provider_test(uuid, text, boolean, text) from public, anon, authenticated;
grant execute on function public.record_messaging_provider_test(uuid, text, boolean, text) to service_role;
