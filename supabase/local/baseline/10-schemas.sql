-- Schemas and extensions as on a Supabase project (docs/local-stack.md, "How a database is built"). Extensions live in the
-- `extensions` schema, so `extensions.uuid_generate_v4()`, `extensions.gen_random_bytes()` work.
create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;
create schema if not exists graphql_public;
create schema if not exists supabase_migrations;

grant usage on schema public to postgres, anon, authenticated, service_role;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant usage on schema auth to postgres, anon, authenticated, service_role;
grant usage on schema storage to postgres, anon, authenticated, service_role;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;
grant all on schema storage to supabase_storage_admin;

-- Pre-installed on every Supabase project. btree_gist, pg_trgm, citext … are available and
-- migrations create them (`create extension if not exists btree_gist with schema extensions`).
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;

-- Migrations commonly `alter publication supabase_realtime add table …`.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;

-- Storage's tables, functions and sequences are reachable by the API roles (RLS decides rows).
alter default privileges in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

-- Hosted Supabase since 2026-10-30 (docs/local-stack.md, "How a database is built"): new objects in `public` are NOT exposed to
-- the Data API automatically; migrations grant what they expose. This mirrors the CLI's
-- RevokeDefaultDataApiPrivilegesSql (a no-op on a fresh database, kept for parity).
alter default privileges for role postgres in schema public revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated, service_role;

-- What the Supabase CLI records migrations in (`supabase migration list` reads it).
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
