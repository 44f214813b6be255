/**
 * supabase/schema.sql must be what `npm run db:schema` generates from the migrations: when a
 * migration changes the schema and the file is not regenerated, this fails. The file is how a
 * newcomer finds the live version of a table, policy or function.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../local/index';
import { SCHEMA_FILE, generateSchemaFromMigrations } from '../../scripts/gen-schema';

let generated: string;
beforeAll(async () => {
  generated = await generateSchemaFromMigrations(ROOT_DIR);
});

describe('supabase/schema.sql', () => {
  it('is up to date with supabase/migrations', async () => {
    const committed = await readFile(path.join(ROOT_DIR, SCHEMA_FILE), 'utf8');
    expect(committed === generated, 'supabase/schema.sql is stale: run `npm run db:schema`').toBe(true);
  });

  it('holds every kind of object, each under its own header', () => {
    for (const part of [
      'create schema private;',
      'create extension if not exists btree_gist with schema extensions;',
      "create type public.booking_status as enum ('pending', 'confirmed', 'checked_in', 'checked_out', 'cancelled');",
      '-- Table public.bookings\n',
      'create table public.bookings (\n  id uuid default gen_random_uuid() not null,',
      'constraint bookings_no_overlap EXCLUDE USING gist',
      'CREATE INDEX bookings_client_id_idx ON public.bookings USING btree (client_id);',
      'alter table public.bookings enable row level security;',
      'create policy bookings_select on public.bookings as permissive for select to authenticated\n  using (',
      'CREATE TRIGGER bookings_touch BEFORE UPDATE ON public.bookings',
      'grant select, insert, update, delete on public.bookings to authenticated;',
      '-- View public.role_summaries\n',
      'create view public.role_summaries with (security_invoker=on) as',
      '-- Function public.request_booking(slug text,',
      'CREATE OR REPLACE FUNCTION public.request_booking(',
      "insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ('unit-photos',",
      '-- Policies on storage.objects\n',
    ]) {
      expect(generated).toContain(part);
    }
    // EXECUTE as it really is: PUBLIC's default taken away, then each role that may call it.
    expect(generated).toContain(
      'revoke execute on function public.get_public_site(text) from public;\n' +
        'grant execute on function public.get_public_site(text) to anon, authenticated, service_role;',
    );
    // Every name is schema-qualified and nothing depends on the server it was read from.
    expect(generated).not.toMatch(/\boid\b.*\d{5,}/);
    expect(generated).not.toContain('maintain');
  });
});
