-- Settings → Integrations → TTLock (issue 15): most hosts have ONE TTLock account for all their
-- locks. The organisation's account is the 'ttlock' integration: username in settings, secrets in
-- integration_lock_secrets (password as its MD5). A unit with its own account (Lock tab,
-- set_unit_lock_credentials) keeps using it; any other unit uses the organisation's, so a unit
-- only needs its lock id.
--
--   * public.integration_for_caller(provider, for_write): the caller's organisation and its
--     integration of that provider (null when there is none), for the locks and ical functions;
--     403 without integrations.read (integrations.write when for_write).
--   * public.set_lock_integration(username, password, client_id, client_secret): write-only.
--   * public.disconnect_lock_integration(): forgets the secrets and the account's stored tokens.
--   * public.lock_account_for_organization(organization_id): service role, the account's secrets.
--   * public.lock_account_for_unit(unit_id): replaced, falls back to the organisation's account.

-- The caller's organisation and its integration of a provider, with the permission asked for.
create function public.integration_for_caller(provider text, for_write boolean default false)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  found public.integrations;
begin
  if org is null or not private.has_permission(case when for_write then 'integrations.write' else 'integrations.read' end) then
    perform private.fail('Permission denied. Contact administrator.',
      case when for_write then 'integrations_write_required' else 'integrations_read_required' end, '42501');
  end if;
  select i.* into found from public.integrations i where i.organization_id = org and i.provider = provider;
  return jsonb_build_object('organization_id', org, 'integration', case when found.id is null then null else to_jsonb(found) end);
end;
$$;
comment on function public.integration_for_caller is
  'The caller''s organisation and its integration of a provider (null when none) for the locks and ical functions; 403 without integrations.read / integrations.write.';
revoke all on function public.integration_for_caller(text, boolean) from public, anon;
grant execute on function public.integration_for_caller(text, boolean) to authenticated, service_role;

-- Write-only: the organisation's TTLock account. A null password / client id / secret keeps the
-- stored one (changing only the username, say); the first time all four are needed.
create function public.set_lock_integration(
  username text,
  password text default null,
  client_id text default null,
  client_secret text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  org uuid := private.current_org_id();
  row_id uuid;
  stored public.integration_lock_secrets;
  clean_username text := nullif(btrim(coalesce(username, '')), '');
  clean_client_id text := nullif(btrim(coalesce(client_id, '')), '');
  clean_secret text := nullif(btrim(coalesce(client_secret, '')), '');
  clean_password text := nullif(password, '');
begin
  if org is null or not private.has_permission('integrations.write') then
    perform private.fail('Permission denied. Contact administrator.', 'integrations_write_required', '42501');
  end if;
  if clean_username is null then
    perform private.fail('Please fill in all fields', 'fields_required', '22023');
  end if;
  if length(clean_username) > 200 or length(coalesce(clean_client_id, '')) > 200
     or length(coalesce(clean_secret, '')) > 200 or length(coalesce(clean_password, '')) > 200 then
    perform private.fail('Please check your input', 'invalid_input', '22023');
  end if;
  select i.id into row_id from public.integrations i where i.organization_id = org and i.provider = 'ttlock';
  if row_id is not null then
    select s.* into stored from public.integration_lock_secrets s where s.integration_id = row_id;
  end if;
  if (clean_password is null and stored.account_password_md5 is null)
     or (clean_client_id is null and stored.client_id is null)
     or (clean_secret is null and stored.client_secret is null) then
    perform private.fail('Please fill in all fields', 'fields_required', '22023');
  end if;
  insert into public.integrations as i (organization_id, name, provider, status, sync_frequency, settings, credentials_configured)
  values (org, 'TTLock', 'ttlock', 'pending', 'manual', jsonb_build_object('username', clean_username), true)
  on conflict (organization_id, provider) where provider in ('ttlock', 'ical') do update set
    settings = i.settings || jsonb_build_object('username', clean_username) - 'last_error',
    status = 'pending',
    credentials_configured = true
  returning i.id into row_id;
  insert into public.integration_lock_secrets as s (integration_id, organization_id, account_password_md5, client_id, client_secret)
  values (row_id, org, coalesce(md5(clean_password), stored.account_password_md5),
          coalesce(clean_client_id, stored.client_id), coalesce(clean_secret, stored.client_secret))
  on conflict on constraint integration_lock_secrets_pkey do update set
    account_password_md5 = excluded.account_password_md5,
    client_id = excluded.client_id,
    client_secret = excluded.client_secret,
    updated_at = now();
  return jsonb_build_object('id', row_id, 'status', 'pending');
end;
$$;
comment on function public.set_lock_integration is
  'Write-only TTLock account of the caller''s organisation (integrations.write); the password is kept as its MD5; status pending until tested.';
revoke all on function public.set_lock_integration(text, text, text, text) from public, anon;
grant execute on function public.set_lock_integration(text, text, text, text) to authenticated;

-- Disconnect: the secrets and the account's stored tokens are forgotten; units without their own
-- account then answer "No lock integration configured".
create function public.disconnect_lock_integration()
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  org uuid := private.current_org_id();
  found public.integrations;
  stored public.integration_lock_secrets;
begin
  if org is null or not private.has_permission('integrations.write') then
    perform private.fail('Permission denied. Contact administrator.', 'integrations_write_required', '42501');
  end if;
  select i.* into found from public.integrations i where i.organization_id = org and i.provider = 'ttlock';
  if found.id is null then
    perform private.fail('No lock integration configured', 'lock_integration_missing', 'PT404');
  end if;
  delete from public.integration_lock_secrets s where s.integration_id = found.id returning s.* into stored;
  if stored.integration_id is not null then
    delete from private.lock_account_tokens t
      where t.organization_id = org and t.client_id = stored.client_id and t.username = found.settings ->> 'username';
  end if;
  update public.integrations i set status = 'disconnected', credentials_configured = false,
    settings = i.settings - 'last_error'
  where i.id = found.id;
end;
$$;
comment on function public.disconnect_lock_integration is
  'Forgets the caller''s organisation''s TTLock account secrets and stored tokens (integrations.write); status disconnected.';
revoke all on function public.disconnect_lock_integration() from public, anon;
grant execute on function public.disconnect_lock_integration() to authenticated;

-- Service role (locks): the organisation's TTLock account with its stored token; null fields when
-- none is configured.
create function public.lock_account_for_organization(organization_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'organization_id', o.id,
    'integration_id', i.id,
    'lock_id', null,
    'username', case when s.integration_id is null then null else i.settings ->> 'username' end,
    'password', null,
    'password_md5', s.account_password_md5,
    'client_id', s.client_id,
    'client_secret', s.client_secret,
    'access_token', t.access_token,
    'refresh_token', t.refresh_token,
    'expires_at', t.expires_at
  )
  from public.organizations o
  left join public.integrations i on i.organization_id = o.id and i.provider = 'ttlock'
  left join public.integration_lock_secrets s on s.integration_id = i.id
  left join private.lock_account_tokens t
    on t.organization_id = o.id and t.client_id = s.client_id and t.username = i.settings ->> 'username'
  where o.id = lock_account_for_organization.organization_id;
$$;
comment on function public.lock_account_for_organization is
  'Service role (locks function): the organisation''s TTLock account secrets (MD5 password) and its stored token.';
revoke all on function public.lock_account_for_organization(uuid) from public, anon, authenticated;
grant execute on function public.lock_account_for_organization(uuid) to service_role;

-- As in 20261128500100_lock_unit_rpcs.sql, but a unit without an account of its own (no username
-- or no stored secrets) uses the organisation's account ('source' says which).
create or replace function public.lock_account_for_unit(unit_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when u.lock_account_username is not null and s.unit_id is not null then jsonb_build_object(
      'organization_id', u.organization_id,
      'lock_id', nullif(btrim(coalesce(u.smart_lock_id, '')), ''),
      'source', 'unit',
      'username', u.lock_account_username,
      'password', s.account_password,
      'password_md5', null,
      'client_id', s.client_id,
      'client_secret', s.client_secret,
      'access_token', t.access_token,
      'refresh_token', t.refresh_token,
      'expires_at', t.expires_at
    )
    else public.lock_account_for_organization(u.organization_id)
      || jsonb_build_object('lock_id', nullif(btrim(coalesce(u.smart_lock_id, '')), ''), 'source', 'organization')
  end
  from public.units u
  left join public.unit_lock_secrets s on s.unit_id = u.id
  left join private.lock_account_tokens t
    on t.organization_id = u.organization_id and t.client_id = s.client_id and t.username = u.lock_account_username
  where u.id = lock_account_for_unit.unit_id;
$$;
comment on function public.lock_account_for_unit is
  'Service role (locks function): a unit''s TTLock account secrets, or its organisation''s account when the unit has none, with the stored token.';
