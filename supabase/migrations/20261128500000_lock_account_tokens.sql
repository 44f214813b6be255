-- TTLock access tokens (issue 15), kept server-side per organisation and lock account: the
-- `locks` edge function gets a token with the account's MD5 password once, then reuses it until it
-- expires (90 days) and refreshes it with the refresh token (10 years). A token is as good as the
-- account's password, so it lives in the private schema, which no browser role can reach, and
-- only the service-role functions of 20261128500100_lock_unit_rpcs.sql read or write it.

create table private.lock_account_tokens (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  -- The open-platform app (client id) and the TTLock app account the token was issued for.
  client_id text not null,
  username text not null,
  access_token text not null,
  refresh_token text,
  expires_at timestamptz not null,
  updated_at timestamptz not null default now(),
  primary key (organization_id, client_id, username)
);
comment on table private.lock_account_tokens is
  'TTLock OAuth tokens per organisation and lock account; read and written only through service-role functions.';

-- No policy: nobody reads the table directly; the security-definer functions do.
alter table private.lock_account_tokens enable row level security;
revoke all on private.lock_account_tokens from public, anon, authenticated;
