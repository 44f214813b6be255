/**
 * src/types/database.ts must be what `npm run db:types` generates from the migrations; when a
 * migration changes and the file is not regenerated, this fails.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../local/index';
import { TYPES_FILE, generateFromMigrations } from '../../scripts/gen-types';

let generated: string;
beforeAll(async () => {
  generated = await generateFromMigrations(ROOT_DIR);
});

describe('generated database types', () => {
  it('src/types/database.ts is up to date with supabase/migrations', async () => {
    const committed = await readFile(path.join(ROOT_DIR, TYPES_FILE), 'utf8');
    expect(committed === generated, 'src/types/database.ts is stale: run `npm run db:types`').toBe(true);
  });

  it('has the supabase gen types shape', () => {
    for (const part of [
      'export type Database = {',
      'Tables: {',
      'Views: {',
      'Functions: {',
      'Enums: {',
      'Relationships: [',
      'export type Tables<',
      'export type TablesInsert<',
      'export type TablesUpdate<',
      'export type Enums<',
      'export const Constants = {',
    ]) {
      expect(generated).toContain(part);
    }
    // Generated columns cannot be written; derived money is readable.
    expect(generated).toMatch(
      /bookings: \{\n\s+Row: \{[\s\S]*?nights: number[\s\S]*?Insert: \{[\s\S]*?nights\?: never/,
    );
    expect(generated).toContain('booking_status: "pending" | "confirmed" | "checked_in" | "checked_out" | "cancelled"');
  });
});
