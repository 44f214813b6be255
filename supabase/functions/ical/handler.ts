// /functions/v1/ical — the channel manager's iCal feeds (issue 15). verify_jwt is off: the
// platforms fetch the export without any sign-in; the token in the URL is the only secret.
//   GET /ical/<token>.ics   the unit's stays for that connection (ical_export_feed, service role):
//                           text/calendar, dates only, no guest data; unknown token 404; an
//                           address guessing tokens is refused with 429 for the rest of its window.
//   POST /ical/connections/<id>/sync   staff (channels.write or units.write, ical_connection_for_caller):
//                           "Sync now" for one connection's feed; 409 while another sync of it runs,
//                           or when staff disconnected the connection (connection_disconnected).
//   POST /ical/test         staff (integrations.write): every feed of the organisation fetched and
//                           read WITHOUT applying it — per connection reachable, events found, or the error.
//   POST /ical/sync         the database's 15-minute job (service key): every connection with a feed
//                           that is due under its organisation's schedule (schedule.ts), except
//                           disconnected connections and paused organisations.
// A sync (sync.ts) takes the connection's lease, fetches and parses the feed and hands the events
// to apply_ical_sync; a feed that fails ends the run with its error and keeps earlier imports.
import { clientAddress } from '../api/client-address.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { answer, isServiceCaller, UUID, type Env } from '../_shared/service.ts';
import { jwtPayload, supabaseClients } from '../_shared/supabase.ts';
import { fetchFeed } from './fetch-feed.ts';
import { serializeCalendar, type ExportEvent } from './ics.ts';
import { parseFeed } from './parse.ts';
import { isDue, type Schedule } from './schedule.ts';
import { syncConnection } from './sync.ts';

const TOKEN = /^[0-9a-f]{32,128}$/i;
export const DEFAULT_UID_DOMAIN = 'nuzl.app';

type Feed =
  | { outcome: 'ok'; connection_id: string; unit_id: string; platform: string; events: ExportEvent[] }
  | { outcome: 'unknown' }
  | { outcome: 'address_limited'; retry_after: number };

export interface Deps {
  env: Env;
  now?: () => Date;
  /** The feeds' fetch (tests). */
  fetch?: typeof fetch;
}

export function createIcalHandler(deps: Deps) {
  const { env } = deps;
  const { serviceDb, callerDb } = supabaseClients(env);
  const now = deps.now ?? (() => new Date());
  // The local stack's OTA sandbox is on loopback; hosted, private addresses are refused.
  const feedOptions = { fetch: deps.fetch, allowPrivateHosts: env('ICAL_ALLOW_PRIVATE_HOSTS') === 'true' };
  const notFound = () => answer(404, { code: 'calendar_not_found', message: 'This calendar was not found' });

  async function exportFeed(req: Request, file: string): Promise<Response> {
    const token = file.replace(/\.ics$/i, '');
    // A malformed token still counts against the address, like an unknown one.
    const { data, error } = await serviceDb().rpc('ical_export_feed', {
      token: TOKEN.test(token) ? token.toLowerCase() : '',
      client_address: clientAddress(req),
    });
    if (error) throw new Error(`ical_export_feed failed: ${error.message}`);
    const feed = data as Feed;
    if (feed.outcome === 'address_limited') {
      return new Response(JSON.stringify({ code: 'rate_limited', message: 'Too many requests. Try again later.' }), {
        status: 429,
        headers: { ...corsHeaders, 'Content-Type': 'application/json', 'Retry-After': String(feed.retry_after) },
      });
    }
    if (feed.outcome !== 'ok') return notFound();
    const body = serializeCalendar(feed.events, {
      domain: env('ICAL_UID_DOMAIN') ?? DEFAULT_UID_DOMAIN,
      now: now(),
    });
    return new Response(req.method === 'HEAD' ? null : body, {
      status: 200,
      headers: {
        ...corsHeaders,
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="calendar.ics"',
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex',
      },
    });
  }

  /** "Sync now": the caller's connection (404 for another organisation's, 403 without the permission). */
  async function syncForStaff(req: Request, connectionId: string): Promise<Response> {
    const token = /^Bearer\s+(\S+)$/i.exec((req.headers.get('authorization') ?? '').trim())?.[1];
    const claims = token ? jwtPayload(token) : null;
    if (!token || claims?.role !== 'authenticated') {
      return answer(401, { code: 'unauthorized', message: 'Sign in to continue' });
    }
    if (!UUID.test(connectionId))
      return answer(404, { code: 'connection_not_found', message: 'This connection was not found' });
    const { data, error, status } = await callerDb(token).rpc('ical_connection_for_caller', {
      connection_id: connectionId,
    });
    if (error) {
      if (status === 404)
        return answer(404, { code: 'connection_not_found', message: 'This connection was not found' });
      if (status === 403)
        return answer(403, { code: 'forbidden', message: 'Permission denied. Contact administrator.' });
      if (status === 401 || /^PGRST30/.test(error.code ?? '')) {
        return answer(401, { code: 'unauthorized', message: 'Sign in to continue' });
      }
      throw new Error(`ical_connection_for_caller failed: ${error.message}`);
    }
    if (!(data as { ical_import_url: string | null }).ical_import_url) {
      return answer(409, { code: 'no_import_url', message: 'Add the calendar address (iCal URL) first' });
    }
    const result = await syncConnection(serviceDb(), connectionId, 'manual', feedOptions);
    if (result.outcome === 'busy') {
      return answer(409, { code: 'sync_in_progress', message: 'A sync of this calendar is already running' });
    }
    if (result.outcome === 'disconnected') {
      return answer(409, {
        code: 'connection_disconnected',
        message: 'This connection is disconnected. Reconnect it first',
      });
    }
    return answer(200, result as unknown as Record<string, unknown>);
  }

  /**
   * The schedule: every connection with a feed that is due under its organisation's schedule
   * (schedule.ts; a "Sync now" just before counts), the longest-waiting first, one after the other.
   * Disconnected connections and paused organisations are skipped.
   */
  async function syncAll(): Promise<Response> {
    const [feeds, schedules] = await Promise.all([
      serviceDb()
        .from('ota_connections')
        .select('id, organization_id, last_synced_at')
        .not('unit_id', 'is', null)
        .not('ical_import_url', 'is', null)
        .neq('status', 'disconnected')
        .order('last_synced_at', { ascending: true, nullsFirst: true })
        .limit(2000),
      serviceDb().from('integrations').select('organization_id, status, sync_frequency').eq('provider', 'ical'),
    ]);
    if (feeds.error) throw new Error(`listing the feeds failed: ${feeds.error.message}`);
    if (schedules.error) throw new Error(`listing the schedules failed: ${schedules.error.message}`);
    const scheduleOf = new Map(
      (schedules.data as (Schedule & { organization_id: string })[]).map((s) => [s.organization_id, s]),
    );
    const at = now();
    const due = (feeds.data as { id: string; organization_id: string; last_synced_at: string | null }[])
      .filter((c) => isDue(scheduleOf.get(c.organization_id), c.last_synced_at, at))
      .slice(0, 500);
    const results = [];
    for (const { id } of due) {
      results.push({ id, ...(await syncConnection(serviceDb(), id, 'schedule', feedOptions)) });
    }
    return answer(200, { synced: results.length, results });
  }

  /**
   * Settings → Integrations → Channel sync "Test": every feed of the caller's organisation fetched
   * and parsed, nothing applied (no run, no booking changes), a few at a time.
   */
  async function testFeeds(req: Request): Promise<Response> {
    const token = /^Bearer\s+(\S+)$/i.exec((req.headers.get('authorization') ?? '').trim())?.[1];
    if (!token || jwtPayload(token)?.role !== 'authenticated') {
      return answer(401, { code: 'unauthorized', message: 'Sign in to continue' });
    }
    const allowed = await callerDb(token).rpc('integration_for_caller', { provider: 'ical', for_write: true });
    if (allowed.error) {
      if (allowed.status === 403)
        return answer(403, { code: 'forbidden', message: 'Permission denied. Contact administrator.' });
      if (allowed.status === 401 || /^PGRST30/.test(allowed.error.code ?? '')) {
        return answer(401, { code: 'unauthorized', message: 'Sign in to continue' });
      }
      throw new Error(`integration_for_caller failed: ${allowed.error.message}`);
    }
    const organizationId = (allowed.data as { organization_id: string }).organization_id;
    const { data, error } = await serviceDb()
      .from('ota_connections')
      .select('id, connection_name, platform, unit_id, status, ical_import_url')
      .eq('organization_id', organizationId)
      .not('ical_import_url', 'is', null)
      .order('connection_name')
      .limit(200);
    if (error) throw new Error(`listing the feeds failed: ${error.message}`);
    type Row = {
      id: string;
      connection_name: string;
      platform: string;
      unit_id: string | null;
      status: string;
      ical_import_url: string;
    };
    const rows = data as Row[];
    const feeds: Record<string, unknown>[] = [];
    for (let i = 0; i < rows.length; i += 4) {
      const batch = await Promise.all(
        rows.slice(i, i + 4).map(async (row) => {
          const base = {
            connection_id: row.id,
            connection_name: row.connection_name,
            platform: row.platform,
            unit_id: row.unit_id,
            status: row.status,
          };
          try {
            const parsed = parseFeed(await fetchFeed(row.ical_import_url, feedOptions));
            return { ...base, ok: true, events: parsed.events.length, skipped: parsed.skipped.length, error: null };
          } catch (failure) {
            const message = failure instanceof Error ? failure.message : String(failure);
            return { ...base, ok: false, events: null, skipped: null, error: message };
          }
        }),
      );
      feeds.push(...batch);
    }
    return answer(200, { tested_at: now().toISOString(), feeds });
  }

  async function route(req: Request): Promise<Response> {
    const parts = new URL(req.url).pathname
      .replace(/^.*?\/ical(?=\/|$)/, '')
      .split('/')
      .filter(Boolean);
    if (parts.length === 1 && /\.ics$/i.test(parts[0]!) && (req.method === 'GET' || req.method === 'HEAD')) {
      return await exportFeed(req, parts[0]!);
    }
    if (req.method === 'POST' && parts.length === 1 && parts[0] === 'sync') {
      if (!isServiceCaller(req, env))
        return answer(401, { code: 'unauthorized', message: 'A service key is required' });
      return await syncAll();
    }
    if (req.method === 'POST' && parts.length === 1 && parts[0] === 'test') {
      return await testFeeds(req);
    }
    if (req.method === 'POST' && parts.length === 3 && parts[0] === 'connections' && parts[2] === 'sync') {
      return await syncForStaff(req, parts[1]!);
    }
    return notFound();
  }

  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    try {
      return await route(req);
    } catch (error) {
      console.error('ical:', error);
      return answer(500, { code: 'internal_error', message: 'Something went wrong. Please try again.' });
    }
  };
}
