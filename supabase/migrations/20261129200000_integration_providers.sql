-- Settings → Integrations (issue 15): the organisation's TTLock account and its channel-sync
-- schedule are integrations rows with a known provider, at most one per organisation and
-- provider. Older rows keep their free-text provider (nothing read them); new rows must name a
-- provider as a short lower-case code. The TTLock account's secrets live in a service-role-only
-- table like the unit's (unit_lock_secrets); the password is kept as TTLock's MD5.

-- New rows: a provider code. NOT VALID: rows written before this migration keep their text.
alter table public.integrations
  add constraint integrations_provider_code check (provider ~ '^[a-z][a-z0-9_]{1,39}$') not valid;

-- One TTLock account and one channel-sync schedule per organisation.
create unique index integrations_org_provider_key on public.integrations (organization_id, provider)
  where provider in ('ttlock', 'ical');

-- The organisation's TTLock account: the username is not secret (integrations.settings), these are.
create table public.integration_lock_secrets (
  integration_id uuid primary key,
  organization_id uuid not null,
  -- MD5 (32 lower-case hex) of the TTLock app account password: what TTLock's token endpoint takes.
  account_password_md5 text not null check (account_password_md5 ~ '^[0-9a-f]{32}$'),
  client_id text not null,
  client_secret text not null,
  updated_at timestamptz not null default now(),
  foreign key (organization_id, integration_id) references public.integrations (organization_id, id) on delete cascade
);
comment on table public.integration_lock_secrets is
  'The organisation''s TTLock account secrets (MD5 password, client id and secret); service role only.';
create index integration_lock_secrets_org_idx on public.integration_lock_secrets (organization_id, integration_id);
-- No policy and no grant for browser roles: only the locks function (service role) reads it.
alter table public.integration_lock_secrets enable row level security;
revoke all on public.integration_lock_secrets from public, anon, authenticated;
grant all on public.integration_lock_secrets to service_role;

-- Browsers no longer write the TTLock and channel-sync rows directly: their status and last sync
-- come from the connection test and the schedule, their settings through the RPCs below.
drop policy integrations_insert on public.integrations;
-- Holders of integrations.write add integrations to their own organisation only, except the
-- TTLock and channel-sync rows (set_lock_integration / set_channel_sync_schedule).
create policy integrations_insert on public.integrations for insert to authenticated
  with check (
    organization_id = (select private.current_org_id())
    and (select private.has_permission('integrations.write'))
    and provider not in ('ttlock', 'ical')
  );
drop policy integrations_update on public.integrations;
-- Holders of integrations.write edit integrations of their organisation (not the TTLock and
-- channel-sync rows, see above); rows cannot be moved to another one.
create policy integrations_update on public.integrations for update to authenticated
  using (
    organization_id = (select private.current_org_id())
    and (select private.has_permission('integrations.write'))
    and provider not in ('ttlock', 'ical')
  )
  with check (organization_id = (select private.current_org_id()) and provider not in ('ttlock', 'ical'));
