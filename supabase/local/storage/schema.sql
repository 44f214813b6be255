-- Supabase Storage's metadata schema, as the storage-api tenant migrations leave it (the parts
-- supabase-js and RLS policies touch). The core baseline creates the `storage` schema and the
-- roles anon / authenticated / service_role, then runs this file. Idempotent.

create schema if not exists storage;

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'storage' and t.typname = 'buckettype') then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end $$;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type storage.buckettype not null default 'STANDARD',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index if not exists bname on storage.buckets using btree (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

-- RLS on, no policies: only service_role (BYPASSRLS) and policies the project adds grant access.
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- The path helpers storage policies use, e.g. (storage.foldername(name))[1] = auth.uid()::text.
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare
  _parts text[];
begin
  _parts := string_to_array(name, '/');
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
begin
  _parts := string_to_array(name, '/');
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare
  _filename text;
begin
  _filename := storage.filename(name);
  if _filename is null or position('.' in _filename) = 0 then
    return '';
  end if;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

create or replace function storage.get_size_by_bucket() returns table (size bigint, bucket_id text)
language plpgsql stable as $$
begin
  return query
    select sum((o.metadata ->> 'size')::bigint)::bigint, o.bucket_id
    from storage.objects o group by o.bucket_id;
end
$$;

-- One level of a bucket listing, as storage-api's storage.search(): entries whose name starts
-- with prefix || search, relative to prefix; deeper paths collapse into folder rows whose id and
-- metadata are null. SECURITY INVOKER, so SELECT policies on storage.objects decide what is seen.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql stable security invoker as $$
declare
  v_prefix text := coalesce(prefix, '') || coalesce(search, '');
  v_prefix_len int := length(coalesce(prefix, ''));
  v_order text := case when lower(coalesce(sortorder, 'asc')) = 'desc' then 'desc' else 'asc' end;
  v_column text := case lower(coalesce(sortcolumn, 'name'))
    when 'updated_at' then 'updated_at'
    when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at'
    else 'name' end;
begin
  return query execute format($q$
    with matched as (
      select o.name as full_name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
             strpos(substr(o.name, length($1) + 1), '/') as slash
      from storage.objects o
      where o.bucket_id = $2 and starts_with(lower(o.name), lower($1))
    ),
    entries as (
      select distinct substr(left(m.full_name, length($1) + m.slash - 1), $3 + 1) as name,
             null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata, 0 as is_file
      from matched m where m.slash > 0
      union all
      select substr(m.full_name, $3 + 1), m.id, m.updated_at, m.created_at, m.last_accessed_at,
             m.metadata, 1
      from matched m where m.slash = 0
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
    from entries e
    order by %s
    limit $4 offset $5
  $q$,
    case when v_column = 'name'
      then format('lower(e.name) collate "C" %s', v_order)
      else format('e.is_file, e.%I %s, lower(e.name) collate "C"', v_column, v_order) end)
  using v_prefix, bucketname, v_prefix_len, least(coalesce(limits, 100), 1500), coalesce(offsets, 0);
end
$$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end
$$;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- Storage-api (migration 0050) refuses direct SQL deletes: bytes would be orphaned. The API sets
-- storage.allow_delete_query for its own deletes.
create or replace function storage.protect_delete() returns trigger
language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.',
            errcode = '42501';
  end if;
  return null;
end
$$;

drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- Grants as the Supabase image gives them (init-scripts storage schema: default privileges of
-- supabase_storage_admin in schema storage grant all to postgres, anon, authenticated,
-- service_role); RLS is what actually limits anon and authenticated.
grant usage on schema storage to anon, authenticated, service_role;
grant all on all tables in schema storage to anon, authenticated, service_role;
grant all on all functions in schema storage to anon, authenticated, service_role;
grant all on all sequences in schema storage to anon, authenticated, service_role;
