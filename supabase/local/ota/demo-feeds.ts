import type { Database } from '../types';

/** A seeded feed of the OTA sandbox on any loopback port: what the seed writes is port 54321's. */
const SANDBOX_FEED = String.raw`^http://127\.0\.0\.1:[0-9]+(/_sandbox/ota/)`;

/**
 * Points the demo connections' feeds (supabase/seed.sql: the OTA sandbox at 127.0.0.1:54321) at
 * this stack's own sandbox, the way `[db.vault] project_url` follows the stack's port. A stack on
 * another port (the browser tests', a second `npm start`) would otherwise sync and test feeds of
 * a stack that is not there. Only loopback sandbox addresses change; a real platform's never.
 */
export async function pointDemoFeedsAtStack(db: Database, apiUrl: string): Promise<number> {
  if (!/^http:\/\/127\.0\.0\.1:[0-9]+$/.test(apiUrl)) return 0;
  // A stack of another project (or none of its migrations) has no channels at all.
  const table = await db.query<{ name: string | null }>(`select to_regclass('public.ota_connections')::text as name`);
  if (!table.rows[0]?.name) return 0;
  const moved = await db.query(
    `update public.ota_connections
        set ical_import_url = regexp_replace(ical_import_url, $1, $2 || '\\1')
      where ical_import_url ~ $1 and ical_import_url not like $2 || '/_sandbox/ota/%'
      returning id`,
    [SANDBOX_FEED, apiUrl],
  );
  return moved.rows.length;
}
