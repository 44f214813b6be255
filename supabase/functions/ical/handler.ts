// /functions/v1/ical — the channel manager's iCal feeds (issue 15). verify_jwt is off: the
// platforms fetch the export without any sign-in; the token in the URL is the only secret.
//   GET /ical/<token>.ics   the unit's stays for that connection (ical_export_feed, service role):
//                           text/calendar, dates only, no guest data; unknown token 404; an
//                           address guessing tokens is refused with 429 for the rest of its window.
import { clientAddress } from '../api/client-address.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { answer, type Env } from '../_shared/service.ts';
import { supabaseClients } from '../_shared/supabase.ts';
import { serializeCalendar, type ExportEvent } from './ics.ts';

const TOKEN = /^[0-9a-f]{32,128}$/i;
export const DEFAULT_UID_DOMAIN = 'nuzl.app';

type Feed =
  | { outcome: 'ok'; connection_id: string; unit_id: string; platform: string; events: ExportEvent[] }
  | { outcome: 'unknown' }
  | { outcome: 'address_limited'; retry_after: number };

export interface Deps {
  env: Env;
  now?: () => Date;
}

export function createIcalHandler(deps: Deps) {
  const { env } = deps;
  const { serviceDb } = supabaseClients(env);
  const now = deps.now ?? (() => new Date());
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

  async function route(req: Request): Promise<Response> {
    const parts = new URL(req.url).pathname
      .replace(/^.*?\/ical(?=\/|$)/, '')
      .split('/')
      .filter(Boolean);
    if (parts.length === 1 && /\.ics$/i.test(parts[0]!) && (req.method === 'GET' || req.method === 'HEAD')) {
      return await exportFeed(req, parts[0]!);
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
