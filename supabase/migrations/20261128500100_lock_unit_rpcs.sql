-- What the `locks` edge function (issue 15) asks the database: whether the caller may use a
-- unit's lock (their own organisation, the permission), the lock account's secrets with the
-- stored token (service role only), and saving or forgetting that token (service role only).

-- The caller's unit with its lock settings (never the secrets). Another organisation's unit, or
-- one that does not exist, is 404; reading needs locks.read or units.read, changing passcodes
-- locks.write or units.write (as set_unit_lock_credentials).
create function public.lock_unit_for_caller(unit_id uuid, for_write boolean default false)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  found public.units;
begin
  select u.* into found from public.units u
    where u.id = unit_id and u.organization_id = private.current_org_id();
  if found.id is null then
    perform private.fail('This unit was not found', 'unit_not_found', 'PT404');
  end if;
  if for_write and not (private.has_permission('locks.write') or private.has_permission('units.write')) then
    perform private.fail('Permission denied. Contact administrator.', 'locks_write_required', '42501');
  end if;
  if not for_write and not (private.has_permission('locks.read') or private.has_permission('units.read')) then
    perform private.fail('Permission denied. Contact administrator.', 'locks_read_required', '42501');
  end if;
  return jsonb_build_object(
    'unit_id', found.id,
    'organization_id', found.organization_id,
    'lock_id', nullif(btrim(coalesce(found.smart_lock_id, '')), ''),
    'lock_mac_address', found.lock_mac_address,
    'lock_gateway_id', found.lock_gateway_id,
    'lock_account_username', found.lock_account_username,
    'lock_credentials_configured', found.lock_credentials_configured
  );
end;
$$;
comment on function public.lock_unit_for_caller is
  'A unit of the caller''s organisation with its lock settings (no secrets) for the locks function; 404 for another organisation''s unit, 403 without the permission.';
revoke all on function public.lock_unit_for_caller(uuid, boolean) from public, anon;
grant execute on function public.lock_unit_for_caller(uuid, boolean) to authenticated, service_role;

-- Service role (locks): the unit's lock account with its secrets and the token stored for that
-- account in the unit's organisation; null fields when not configured.
create function public.lock_account_for_unit(unit_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'organization_id', u.organization_id,
    'lock_id', nullif(btrim(coalesce(u.smart_lock_id, '')), ''),
    'username', u.lock_account_username,
    'password', s.account_password,
    'client_id', s.client_id,
    'client_secret', s.client_secret,
    'access_token', t.access_token,
    'refresh_token', t.refresh_token,
    'expires_at', t.expires_at
  )
  from public.units u
  left join public.unit_lock_secrets s on s.unit_id = u.id
  left join private.lock_account_tokens t
    on t.organization_id = u.organization_id and t.client_id = s.client_id and t.username = u.lock_account_username
  where u.id = lock_account_for_unit.unit_id;
$$;
comment on function public.lock_account_for_unit is
  'Service role (locks function): a unit''s TTLock account secrets and its organisation''s stored token.';
revoke all on function public.lock_account_for_unit(uuid) from public, anon, authenticated;
grant execute on function public.lock_account_for_unit(uuid) to service_role;

-- Service role (locks): keeps the token TTLock issued for an account of an organisation, or
-- forgets it (access_token null) when TTLock no longer takes it.
create function public.save_lock_account_token(
  organization_id uuid,
  client_id text,
  username text,
  access_token text,
  refresh_token text default null,
  expires_at timestamptz default null
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
begin
  if access_token is null then
    delete from private.lock_account_tokens t
      where t.organization_id = organization_id and t.client_id = client_id and t.username = username;
    return;
  end if;
  insert into private.lock_account_tokens as t (organization_id, client_id, username, access_token, refresh_token, expires_at)
  values (organization_id, client_id, username, access_token, refresh_token, coalesce(expires_at, now() + interval '90 days'))
  on conflict on constraint lock_account_tokens_pkey do update set
    access_token = excluded.access_token,
    refresh_token = coalesce(excluded.refresh_token, t.refresh_token),
    expires_at = excluded.expires_at,
    updated_at = now();
end;
$$;
comment on function public.save_lock_account_token is
  'Service role (locks function): stores or forgets the TTLock token of an organisation''s lock account.';
revoke all on function public.save_lock_account_token(uuid, text, text, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.save_lock_account_token(uuid, text, text, text, text, timestamptz) to service_role;
