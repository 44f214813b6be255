-- OTA channel connections (SPEC §3 OTA connection) and third-party integrations (SPEC §3
-- Integration). Their API keys and secrets live in separate *_secrets tables that no browser
-- role can read; browsers write them through set_ota_credentials() / set_integration_api_key().

create table public.ota_connections (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  unit_id uuid,
  platform public.ota_platform not null,
  connection_name text not null check (length(btrim(connection_name)) between 1 and 200),
  -- The listing / property id on the platform.
  property_id text,
  -- iCal feed of the platform's calendar, imported by the channel function.
  ical_import_url text check (ical_import_url is null or ical_import_url ~* '^https?://'),
  -- Token of this unit's own iCal export feed (edge function /functions/v1/ical/{token}).
  ical_export_token text not null default encode(sha256(gen_random_uuid()::text::bytea), 'hex'),
  status public.connection_status not null default 'setup_required',
  credentials_configured boolean not null default false,
  last_synced_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint ota_connections_organization_id_id_key unique (organization_id, id),
  constraint ota_connections_ical_export_token_key unique (ical_export_token),
  foreign key (organization_id, unit_id) references public.units (organization_id, id) on delete cascade
);
comment on table public.ota_connections is 'Channel manager connections; secrets in ota_connection_secrets.';
create index ota_connections_org_unit_idx on public.ota_connections (organization_id, unit_id);
create trigger ota_connections_touch before update on public.ota_connections
  for each row execute function private.touch_updated_at();

create table public.ota_connection_secrets (
  connection_id uuid primary key,
  organization_id uuid not null,
  api_key text,
  api_secret text,
  updated_at timestamptz not null default now(),
  foreign key (organization_id, connection_id) references public.ota_connections (organization_id, id) on delete cascade
);
comment on table public.ota_connection_secrets is 'OTA API key and secret; service role only.';
create index ota_connection_secrets_org_conn_idx on public.ota_connection_secrets (organization_id, connection_id);

create table public.integrations (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  -- Which service: accounting, payment gateway, messaging provider, …
  provider text not null default 'custom',
  webhook_url text check (webhook_url is null or webhook_url ~* '^https?://'),
  status public.connection_status not null default 'setup_required',
  sync_frequency public.sync_frequency not null default 'daily',
  settings jsonb not null default '{}',
  credentials_configured boolean not null default false,
  last_sync_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint integrations_organization_id_id_key unique (organization_id, id)
);
comment on table public.integrations is 'Third-party integrations; API keys in integration_secrets.';
create trigger integrations_touch before update on public.integrations
  for each row execute function private.touch_updated_at();

create table public.integration_secrets (
  integration_id uuid primary key,
  organization_id uuid not null,
  api_key text,
  updated_at timestamptz not null default now(),
  foreign key (organization_id, integration_id) references public.integrations (organization_id, id) on delete cascade
);
comment on table public.integration_secrets is 'Integration API keys; service role only.';
create index integration_secrets_org_integration_idx on public.integration_secrets (organization_id, integration_id);

-- Secrets tables: RLS on, no policy, no grant to anon/authenticated. No policy and no grant for browser roles: only edge functions (service role) read it.
alter table public.ota_connection_secrets enable row level security;
alter table public.integration_secrets enable row level security;
revoke all on public.ota_connection_secrets, public.integration_secrets from anon, authenticated;
grant all on public.ota_connection_secrets, public.integration_secrets to service_role;

alter table public.ota_connections enable row level security;

-- Staff holding channels.read read the OTA connections of their organisation; the super administrator reads all.
create policy ota_connections_select on public.ota_connections for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('channels.read')))
    or (select private.is_super_admin())
  );
-- Holders of channels.write add OTA connections to their own organisation only.
create policy ota_connections_insert on public.ota_connections for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('channels.write')));
-- Holders of channels.write edit OTA connections of their organisation; rows cannot be moved to another one.
create policy ota_connections_update on public.ota_connections for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('channels.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of channels.write delete OTA connections of their organisation.
create policy ota_connections_delete on public.ota_connections for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('channels.write')));

alter table public.integrations enable row level security;

-- Staff holding integrations.read read the integrations of their organisation; the super administrator reads all.
create policy integrations_select on public.integrations for select to authenticated
  using (
    (organization_id = (select private.current_org_id()) and (select private.has_permission('integrations.read')))
    or (select private.is_super_admin())
  );
-- Holders of integrations.write add integrations to their own organisation only.
create policy integrations_insert on public.integrations for insert to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_permission('integrations.write')));
-- Holders of integrations.write edit integrations of their organisation; rows cannot be moved to another one.
create policy integrations_update on public.integrations for update to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('integrations.write')))
  with check (organization_id = (select private.current_org_id()));
-- Holders of integrations.write delete integrations of their organisation.
create policy integrations_delete on public.integrations for delete to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_permission('integrations.write')));

grant select, insert, update, delete on public.ota_connections, public.integrations to authenticated;
grant all on public.ota_connections, public.integrations to service_role;
