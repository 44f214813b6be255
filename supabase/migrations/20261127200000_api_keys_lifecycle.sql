-- API keys for Settings → Security and the public REST API (issue 14). The table and
-- create_api_key() exist (20261122002000); this settles what happens to a key after it is made:
--
--   * Revoking is final. A revoked key can never be used again, so revoked_at, once set, never
--     changes (an update back to null is refused, PT409 api_key_revoked), and the moment of
--     revocation is the database's clock, not the one the browser sent.
--   * The audit log records a key's creation, renaming, revocation and deletion, not every
--     last_used_at stamp the api edge function writes (at most once a minute per key).
--   * created_by names the creator's profile (a foreign key), so the keys list shows "created by"
--     with one request; a removed profile leaves the key with no creator rather than blocking the
--     removal.

create function private.api_keys_revocation()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.revoked_at is not null then
    if new.revoked_at is distinct from old.revoked_at then
      perform private.fail('This API key is revoked and cannot be restored', 'api_key_revoked', 'PT409');
    end if;
  elsif new.revoked_at is not null then
    new.revoked_at := now();
  end if;
  return new;
end;
$$;
comment on function private.api_keys_revocation() is
  'BEFORE UPDATE trigger on api_keys: revocation is stamped with now() and is final (PT409 api_key_revoked).';
revoke all on function private.api_keys_revocation() from public, anon, authenticated;

create trigger api_keys_revocation before update of revoked_at on public.api_keys
  for each row execute function private.api_keys_revocation();

-- The audit trigger of 20261122002100 fired on every update, last_used_at stamps included.
drop trigger api_keys_audit on public.api_keys;
create trigger api_keys_audit after insert or delete or update of name, revoked_at, organization_id, key_hash, prefix
  on public.api_keys for each row execute function private.audit_row();

alter table public.api_keys
  add constraint api_keys_created_by_fkey foreign key (created_by)
    references public.profiles (user_id) on delete set null;
create index api_keys_created_by_idx on public.api_keys (created_by);
