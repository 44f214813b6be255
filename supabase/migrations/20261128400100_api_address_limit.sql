-- The public REST API (edge function `api`, docs/api.md): a limit per client address for requests
-- without a valid API key (issue 14). The per-key limit (20261127200100, 60 a minute) cannot stop
-- someone guessing keys, since every guess names a different key; this one counts the guesses of
-- one address instead.
--
--   * public.api_gate(key_hash, client_address): what the function calls first for every request
--     that needs a key, in its own transaction. An address that sent 30 requests without a valid
--     key (none, malformed, unknown or revoked) in the current five-minute window is refused
--     outright ('address_limited', with the seconds until the window ends), whatever key it sends
--     now, so a guesser learns nothing more until the window is over. Otherwise a request without a
--     valid key counts against its address ('invalid'), and a valid key goes on to
--     api_authenticate() (the per-key count and last_used_at) ('ok').
--     It answers instead of raising: a raised refusal would roll the count back.
--   * The address is the one the gateway saw (docs/local-stack.md: cf-connecting-ip, else
--     x-real-ip, else the last x-forwarded-for entry, which Cloudflare or the local gateway
--     overwrite; a client cannot choose it). Windows start on five-minute boundaries, so a
--     refusal tells exactly when to come back. A row per address; rows of windows over a day old
--     are dropped now and then.

create table private.api_address_windows (
  address text primary key check (length(address) between 1 and 64),
  window_start timestamptz not null,
  failures integer not null default 0 check (failures >= 0)
);
comment on table private.api_address_windows is
  'Requests without a valid API key per client address in its current five-minute window (the api function''s guessing limit).';
revoke all on table private.api_address_windows from public, anon, authenticated;

create function public.api_gate(key_hash text, client_address text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  max_failures constant integer := 30;
  span constant interval := interval '5 minutes';
  peer text := coalesce(nullif(left(btrim(coalesce(client_address, '')), 64), ''), 'unknown');
  current_window timestamptz := date_bin(span, now(), timestamptz '2000-01-01 00:00:00+00');
  retry_after integer := greatest(ceil(extract(epoch from current_window + span - clock_timestamp())), 1)::integer;
  seen record;
  live boolean;
begin
  select w.window_start, w.failures into seen from private.api_address_windows w where w.address = peer;
  if found and seen.window_start = current_window and seen.failures >= max_failures then
    return jsonb_build_object('outcome', 'address_limited', 'retry_after', retry_after, 'limit', max_failures);
  end if;

  live := key_hash is not null
    and exists (select 1 from public.api_keys k where k.key_hash = api_gate.key_hash and k.revoked_at is null);
  if not live then
    insert into private.api_address_windows as w (address, window_start, failures)
    values (peer, current_window, 1)
    on conflict on constraint api_address_windows_pkey do update
      set failures = case when w.window_start = excluded.window_start then w.failures + 1 else 1 end,
          window_start = excluded.window_start;
    -- Housekeeping, about once in a hundred refusals: addresses that stopped long ago.
    if random() < 0.01 then
      delete from private.api_address_windows w where w.window_start < now() - interval '1 day';
    end if;
    return jsonb_build_object('outcome', 'invalid');
  end if;

  return jsonb_build_object('outcome', 'ok') || public.api_authenticate(key_hash);
end;
$$;
comment on function public.api_gate(text, text) is
  'Service role (api edge function): refuses an address after 30 requests without a valid key in five minutes, counts such requests, else api_authenticate(key_hash). Answers {outcome: ok | invalid | address_limited, …}.';
revoke all on function public.api_gate(text, text) from public, anon, authenticated;
grant execute on function public.api_gate(text, text) to service_role;
