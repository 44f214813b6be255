-- The public REST API (edge function `api`, docs/api.md): `Idempotency-Key` on POST /v1/bookings
-- (issue 14), so a client that lost the answer to a booking request (a timeout, a dropped
-- connection) can send it again without booking twice.
--
--   * private.api_idempotency: one row per API key and idempotency key, holding the SHA-256 of
--     the request body it was first used with and, once answered, the answer (status and JSON
--     body). Rows older than 24 hours no longer count and are replaced by the next use.
--   * public.api_idempotency_begin(key_hash, idempotency_key, request_hash): claims the key for
--     this request ('new'), or says what to do instead: 'replay' (the same body was answered
--     before: the stored status and body), 'mismatch' (the key was used with another body: 422
--     idempotency_key_reused), 'in_progress' (the first request is still being served; the
--     function waits and asks again). The claim is an insert on the primary key, so of two
--     concurrent requests exactly one gets 'new' and creates the booking.
--   * public.api_idempotency_finish(…, status, body): stores the answer of a claimed key (201 or a
--     4xx refusal: the same request would be refused the same way again).
--   * public.api_idempotency_release(…): drops a claim whose request failed on our side (5xx), so
--     a retry runs the request again instead of replaying a fault.
-- All three derive the API key from its hash (private.api_key_org refuses a revoked one, PT401).

create table private.api_idempotency (
  key_id uuid not null references public.api_keys (id) on delete cascade,
  idempotency_key text not null check (length(idempotency_key) between 1 and 255),
  request_hash text not null check (request_hash ~ '^[0-9a-f]{64}$'),
  status integer check (status between 200 and 499),
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (key_id, idempotency_key)
);
create index api_idempotency_created_at_idx on private.api_idempotency (created_at);
comment on table private.api_idempotency is
  'Idempotency keys of POST /v1/bookings per API key: the request''s body hash and, once answered, the answer (24 h).';
revoke all on table private.api_idempotency from public, anon, authenticated;

-- The live API key of a hash (PT401 api_key_invalid otherwise).
create function private.api_key_id(key_hash text)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  id uuid;
begin
  select k.id into id from public.api_keys k where k.key_hash = api_key_id.key_hash and k.revoked_at is null;
  if id is null then
    perform private.fail('Invalid or revoked API key', 'api_key_invalid', 'PT401');
  end if;
  return id;
end;
$$;
comment on function private.api_key_id(text) is
  'The id of a live API key by its SHA-256 (hex); PT401 api_key_invalid for an unknown or revoked key.';
revoke all on function private.api_key_id(text) from public, anon, authenticated;

create function public.api_idempotency_begin(key_hash text, idempotency_key text, request_hash text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  key uuid := private.api_key_id(key_hash);
  earlier record;
begin
  -- Past its 24 hours a key is free again (and the stale rows of this API key go with it).
  delete from private.api_idempotency i
   where i.key_id = key and i.created_at < now() - interval '24 hours';
  insert into private.api_idempotency (key_id, idempotency_key, request_hash)
  values (key, api_idempotency_begin.idempotency_key, api_idempotency_begin.request_hash)
  on conflict on constraint api_idempotency_pkey do nothing;
  if found then
    return jsonb_build_object('state', 'new');
  end if;
  select i.request_hash, i.status, i.response into earlier
    from private.api_idempotency i
   where i.key_id = key and i.idempotency_key = api_idempotency_begin.idempotency_key;
  if earlier.request_hash <> api_idempotency_begin.request_hash then
    return jsonb_build_object('state', 'mismatch');
  end if;
  if earlier.status is null then
    return jsonb_build_object('state', 'in_progress');
  end if;
  return jsonb_build_object('state', 'replay', 'status', earlier.status, 'body', earlier.response);
end;
$$;
comment on function public.api_idempotency_begin(text, text, text) is
  'Service role (api edge function): claims an Idempotency-Key of an API key for a request body hash; answers new | replay (status, body) | mismatch | in_progress.';
revoke all on function public.api_idempotency_begin(text, text, text) from public, anon, authenticated;
grant execute on function public.api_idempotency_begin(text, text, text) to service_role;

create function public.api_idempotency_finish(key_hash text, idempotency_key text, status integer, body jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if status is null or status not between 200 and 499 then
    perform private.fail('Please check your input and try again.', 'idempotency_status_invalid', '22023');
  end if;
  update private.api_idempotency i
     set status = api_idempotency_finish.status, response = api_idempotency_finish.body
   where i.key_id = private.api_key_id(key_hash)
     and i.idempotency_key = api_idempotency_finish.idempotency_key
     and i.status is null;
end;
$$;
comment on function public.api_idempotency_finish(text, text, integer, jsonb) is
  'Service role (api edge function): stores the answer (2xx or 4xx) of a claimed Idempotency-Key.';
revoke all on function public.api_idempotency_finish(text, text, integer, jsonb) from public, anon, authenticated;
grant execute on function public.api_idempotency_finish(text, text, integer, jsonb) to service_role;

create function public.api_idempotency_release(key_hash text, idempotency_key text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from private.api_idempotency i
   where i.key_id = private.api_key_id(key_hash)
     and i.idempotency_key = api_idempotency_release.idempotency_key
     and i.status is null;
$$;
comment on function public.api_idempotency_release(text, text) is
  'Service role (api edge function): drops an unanswered Idempotency-Key claim after a fault on our side, so a retry runs again.';
revoke all on function public.api_idempotency_release(text, text) from public, anon, authenticated;
grant execute on function public.api_idempotency_release(text, text) to service_role;
