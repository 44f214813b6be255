-- The public REST API (edge function `api`, docs/api.md) authenticates every request with an
-- organisation's API key. The function hashes the presented key (SHA-256, hex) and hands only the
-- hash to the database, never the key itself, so the key appears in no statement or log.
--
--   * private.api_key_org(key_hash): the organisation of a live (not revoked) key, or PT401
--     api_key_invalid. Every api_* function starts with it, so the organisation a request acts
--     in is derived from the key inside the database; the edge function cannot name one.
--   * public.api_authenticate(key_hash): called first for each request, in its own transaction,
--     so a request that fails later still counts. Counts the request in the key's current window
--     (one row per key, updated atomically: the count holds across function instances), stamps
--     last_used_at at most once a minute, and answers whether the request is within the limit.
--
-- The limit: 60 requests per key per fixed minute (the window starts on the minute). A refused
-- request still counts, so hammering does not shorten the wait.

create table private.api_key_windows (
  key_id uuid primary key references public.api_keys (id) on delete cascade,
  window_start timestamptz not null,
  requests integer not null default 0 check (requests >= 0)
);
comment on table private.api_key_windows is
  'Requests of each API key in its current one-minute window (the api edge function''s rate limit).';
revoke all on table private.api_key_windows from public, anon, authenticated;

create function private.api_key_org(key_hash text)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  org uuid;
begin
  select k.organization_id into org from public.api_keys k
  where k.key_hash = api_key_org.key_hash and k.revoked_at is null;
  if org is null then
    perform private.fail('Invalid or revoked API key', 'api_key_invalid', 'PT401');
  end if;
  return org;
end;
$$;
comment on function private.api_key_org(text) is
  'The organisation of a live API key by its SHA-256 (hex); PT401 api_key_invalid for an unknown or revoked key.';
revoke all on function private.api_key_org(text) from public, anon, authenticated;

create function public.api_authenticate(key_hash text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  max_requests constant integer := 60;
  live record;
  win record;
  reset_at timestamptz;
begin
  select k.id, k.last_used_at into live from public.api_keys k
  where k.key_hash = api_authenticate.key_hash and k.revoked_at is null;
  if not found then
    perform private.fail('Invalid or revoked API key', 'api_key_invalid', 'PT401');
  end if;
  if live.last_used_at is null or live.last_used_at < now() - interval '1 minute' then
    update public.api_keys k set last_used_at = now() where k.id = live.id;
  end if;
  insert into private.api_key_windows as w (key_id, window_start, requests)
  values (live.id, date_trunc('minute', now()), 1)
  on conflict (key_id) do update
    set requests = case when w.window_start = excluded.window_start then w.requests + 1 else 1 end,
        window_start = excluded.window_start
  returning w.window_start, w.requests into win;
  reset_at := win.window_start + interval '1 minute';
  return jsonb_build_object(
    'key_id', live.id,
    'allowed', win.requests <= max_requests,
    'limit', max_requests,
    'remaining', greatest(max_requests - win.requests, 0),
    'reset_seconds', greatest(ceil(extract(epoch from reset_at - clock_timestamp())), 1)::integer);
end;
$$;
comment on function public.api_authenticate(text) is
  'Service role (api edge function): checks an API key by its SHA-256, counts the request against the key''s limit (60 a minute), stamps last_used_at at most once a minute; PT401 api_key_invalid.';
revoke all on function public.api_authenticate(text) from public, anon, authenticated;
grant execute on function public.api_authenticate(text) to service_role;
