-- Write-only doors to the secrets tables: browsers may set (never read) the smart-lock account
-- secrets, OTA API credentials and integration API keys. A null argument keeps the stored
-- value. Only a flag (*_configured) is visible to the browser.

create function public.set_unit_lock_credentials(
  unit_id uuid,
  account_username text default null,
  account_password text default null,
  client_id text default null,
  client_secret text default null
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid;
begin
  select u.organization_id into org from public.units u
    where u.id = unit_id and u.organization_id = private.current_org_id();
  if org is null or not (private.has_permission('locks.write') or private.has_permission('units.write')) then
    perform private.fail('Permission denied. Contact administrator.', 'locks_write_required', '42501');
  end if;
  insert into public.unit_lock_secrets as s (unit_id, organization_id, account_password, client_id, client_secret)
  values (unit_id, org, account_password, client_id, client_secret)
  on conflict on constraint unit_lock_secrets_pkey do update set
    account_password = coalesce(excluded.account_password, s.account_password),
    client_id = coalesce(excluded.client_id, s.client_id),
    client_secret = coalesce(excluded.client_secret, s.client_secret),
    updated_at = now();
  update public.units u set
    lock_account_username = coalesce(account_username, u.lock_account_username),
    lock_credentials_configured = true
  where u.id = unit_id;
end;
$$;
revoke all on function public.set_unit_lock_credentials from public;
grant execute on function public.set_unit_lock_credentials to authenticated;

create function public.set_ota_credentials(connection_id uuid, api_key text default null, api_secret text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid;
begin
  select c.organization_id into org from public.ota_connections c
    where c.id = connection_id and c.organization_id = private.current_org_id();
  if org is null or not private.has_permission('channels.write') then
    perform private.fail('Permission denied. Contact administrator.', 'channels_write_required', '42501');
  end if;
  insert into public.ota_connection_secrets as s (connection_id, organization_id, api_key, api_secret)
  values (connection_id, org, api_key, api_secret)
  on conflict on constraint ota_connection_secrets_pkey do update set
    api_key = coalesce(excluded.api_key, s.api_key),
    api_secret = coalesce(excluded.api_secret, s.api_secret),
    updated_at = now();
  update public.ota_connections c set credentials_configured = true where c.id = connection_id;
end;
$$;
revoke all on function public.set_ota_credentials from public;
grant execute on function public.set_ota_credentials to authenticated;

create function public.set_integration_api_key(integration_id uuid, api_key text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid;
begin
  select i.organization_id into org from public.integrations i
    where i.id = integration_id and i.organization_id = private.current_org_id();
  if org is null or not private.has_permission('integrations.write') then
    perform private.fail('Permission denied. Contact administrator.', 'integrations_write_required', '42501');
  end if;
  insert into public.integration_secrets as s (integration_id, organization_id, api_key)
  values (integration_id, org, api_key)
  on conflict on constraint integration_secrets_pkey do update set api_key = excluded.api_key, updated_at = now();
  update public.integrations i set credentials_configured = api_key is not null where i.id = integration_id;
end;
$$;
revoke all on function public.set_integration_api_key from public;
grant execute on function public.set_integration_api_key to authenticated;
