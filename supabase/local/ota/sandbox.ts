// The OTA feed sandbox of the local stack (issue 15, channel manager), at /_sandbox/ota:
//   GET  /feeds/<platform>/<listing>.ics   a listing's calendar as the platform sends it
//   GET  /page                             what it serves and which of our exports it fetched
//   GET  /_log                             requests and received exports as JSON
//   POST /_control                         {action: 'events' | 'mode' | 'fetch_export' | 'reset', …}
// The feeds copy what the platforms really send:
//   * Airbnb: PRODID "-//Airbnb Inc//Hosting Calendar 1.0//EN", all-day events; a reservation is
//     SUMMARY "Reserved" with DESCRIPTION "Reservation URL: …\nPhone Number (Last 4 Digits): 1234";
//     dates the host blocked are "Airbnb (Not available)"; no DTSTAMP; long lines folded.
//   * Booking.com: PRODID "-//admin.booking.com//EN", every closed night range is
//     "CLOSED - Not available" with a DTSTAMP.
//   * Gathern: ASSUMED (no public sample): date-time DTSTART/DTEND with TZID=Asia/Riyadh (check-in
//     15:00, check-out 12:00), SUMMARY "Gathern booking", UIDs @gathern.co.
// A feed can be told to serve malformed text, an HTTP error or to hang (the import's timeout), and
// the sandbox fetches our own export (the platform's side of the exchange) and keeps what it got.

export const OTA_SANDBOX_PREFIX = '/_sandbox/ota';

export type OtaPlatform = 'airbnb' | 'booking_com' | 'gathern';
export type FeedMode = 'ok' | 'malformed' | 'error' | 'hang';

export interface SandboxEvent {
  uid?: string;
  /** YYYY-MM-DD */
  start: string;
  /** YYYY-MM-DD, exclusive */
  end: string;
  /** Airbnb: a reservation ("Reserved") or a block ("Airbnb (Not available)"). */
  kind?: 'reserved' | 'blocked';
}

interface Feed {
  events: SandboxEvent[];
  mode: FeedMode;
}

export interface ReceivedExport {
  at: string;
  url: string;
  status: number;
  contentType: string | null;
  body: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const compact = (isoDate: string) => isoDate.replace(/-/g, '');
const addDays = (isoDate: string, days: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Folds at 75 octets as the platforms do (ASCII feeds). */
function fold(line: string): string {
  const out: string[] = [];
  for (let rest = line, first = true; rest.length > 0; first = false) {
    const take = first ? 75 : 74;
    out.push((first ? '' : ' ') + rest.slice(0, take));
    rest = rest.slice(take);
  }
  return out.join('\r\n');
}

/** A stable fake UID for an event without one. */
function uidOf(platform: OtaPlatform, listing: string, event: SandboxEvent, index: number): string {
  if (event.uid) return event.uid;
  const seed = `${listing}-${event.start}-${index}`;
  let h = 0;
  for (const c of seed) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const hex = h.toString(16).padStart(8, '0');
  if (platform === 'airbnb') return `1418fb94e984-${hex}a9c6a7f0c8c9d3b5d1f6@airbnb.com`;
  if (platform === 'booking_com') return `${hex}7c2e0d91b4f5a3e8@booking.com`;
  return `gathern-${listing}-${hex}@gathern.co`;
}

export function renderFeed(platform: OtaPlatform, listing: string, events: SandboxEvent[], now = new Date()): string {
  const stamp = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}T${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}Z`;
  const lines: string[] = [];
  if (platform === 'airbnb') {
    lines.push(
      'BEGIN:VCALENDAR',
      'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 1.0//EN',
      'CALSCALE:GREGORIAN',
      'VERSION:2.0',
    );
    events.forEach((e, i) => {
      lines.push(
        'BEGIN:VEVENT',
        `DTEND;VALUE=DATE:${compact(e.end)}`,
        `DTSTART;VALUE=DATE:${compact(e.start)}`,
        `UID:${uidOf(platform, listing, e, i)}`,
      );
      if (e.kind === 'blocked') {
        lines.push('SUMMARY:Airbnb (Not available)');
      } else {
        const code = `HM${(listing + i)
          .replace(/[^0-9A-Z]/gi, '')
          .toUpperCase()
          .slice(-8)
          .padStart(8, 'X')}`;
        lines.push(
          `DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/${code}\\nPhone Number (Last 4 Digits): ${String(1234 + i).slice(-4)}`,
          'SUMMARY:Reserved',
        );
      }
      lines.push('END:VEVENT');
    });
  } else if (platform === 'booking_com') {
    lines.push(
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//admin.booking.com//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    );
    events.forEach((e, i) => {
      lines.push(
        'BEGIN:VEVENT',
        `UID:${uidOf(platform, listing, e, i)}`,
        `DTSTAMP:${stamp}`,
        `DTSTART;VALUE=DATE:${compact(e.start)}`,
        `DTEND;VALUE=DATE:${compact(e.end)}`,
        'SUMMARY:CLOSED - Not available',
        'END:VEVENT',
      );
    });
  } else {
    lines.push(
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Gathern//Calendar//AR',
      'CALSCALE:GREGORIAN',
      'X-WR-TIMEZONE:Asia/Riyadh',
    );
    events.forEach((e, i) => {
      lines.push(
        'BEGIN:VEVENT',
        `UID:${uidOf(platform, listing, e, i)}`,
        `DTSTAMP:${stamp}`,
        `DTSTART;TZID=Asia/Riyadh:${compact(e.start)}T150000`,
        `DTEND;TZID=Asia/Riyadh:${compact(e.end)}T120000`,
        'SUMMARY:Gathern booking',
        'STATUS:CONFIRMED',
        'END:VEVENT',
      );
    });
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** The demo listings' calendars, relative to today so the demo always has coming stays. */
function demoEvents(platform: OtaPlatform, today: string): SandboxEvent[] {
  if (platform === 'airbnb') {
    return [
      { start: addDays(today, 40), end: addDays(today, 43), kind: 'reserved' },
      { start: addDays(today, 47), end: addDays(today, 49), kind: 'blocked' },
    ];
  }
  if (platform === 'booking_com') return [{ start: addDays(today, 52), end: addDays(today, 55) }];
  return [{ start: addDays(today, 60), end: addDays(today, 62) }];
}

export type OtaSandbox = ReturnType<typeof createOtaSandbox>;

export function createOtaSandbox(options: { now?: () => Date; fetch?: typeof fetch } = {}) {
  const now = options.now ?? (() => new Date());
  const feeds = new Map<string, Feed>();
  const requests: { at: string; platform: string; listing: string; mode: FeedMode }[] = [];
  const received: ReceivedExport[] = [];
  const hanging = new Set<() => void>();
  const key = (platform: string, listing: string) => `${platform}/${listing}`;

  function feedOf(platform: OtaPlatform, listing: string): Feed {
    let feed = feeds.get(key(platform, listing));
    if (!feed) {
      feed = { events: demoEvents(platform, now().toISOString().slice(0, 10)), mode: 'ok' };
      feeds.set(key(platform, listing), feed);
    }
    return feed;
  }

  const sandbox = {
    requests,
    received,
    /** Replaces a listing's events. */
    setEvents(platform: OtaPlatform, listing: string, events: SandboxEvent[]) {
      feedOf(platform, listing).events = events.map((e) => ({ ...e }));
    },
    /** ok, malformed (cut-off text), error (HTTP 500) or hang (never answers until reset). */
    setMode(platform: OtaPlatform, listing: string, mode: FeedMode) {
      feedOf(platform, listing).mode = mode;
    },
    /** Fetches one of our export URLs as a platform would, and keeps what it got. */
    async fetchExport(url: string): Promise<ReceivedExport> {
      const response = await (options.fetch ?? fetch)(url, {
        headers: { 'user-agent': 'OTA sandbox calendar fetcher' },
      });
      const entry = {
        at: now().toISOString(),
        url,
        status: response.status,
        contentType: response.headers.get('content-type'),
        body: await response.text(),
      };
      received.push(entry);
      if (received.length > 50) received.shift();
      return entry;
    },
    reset() {
      feeds.clear();
      requests.length = 0;
      received.length = 0;
      for (const release of hanging) release();
      hanging.clear();
    },
    /** Requests under /_sandbox/ota with the prefix stripped. */
    async handle(req: Request): Promise<Response> {
      const url = new URL(req.url);
      const path = url.pathname.replace(/\/+$/, '') || '/';
      if (path === '/' || path === '/page') return page();
      if (path === '/_log') return Response.json({ requests, received });
      if (path === '/_control' && req.method === 'POST') return control(await req.json().catch(() => ({})));
      const m = /^\/feeds\/(airbnb|booking_com|gathern)\/([A-Za-z0-9_-]{1,64})\.ics$/.exec(path);
      if (!m || (req.method !== 'GET' && req.method !== 'HEAD')) return new Response('Not found', { status: 404 });
      const [, platform, listing] = m as unknown as [string, OtaPlatform, string];
      const feed = feedOf(platform, listing);
      requests.push({ at: now().toISOString(), platform, listing, mode: feed.mode });
      if (requests.length > 500) requests.shift();
      if (feed.mode === 'hang') {
        // Answers only when the client gives up (its abort closes the request) or on reset.
        await new Promise<void>((resolve) => {
          hanging.add(resolve);
          req.signal?.addEventListener('abort', () => resolve());
          setTimeout(resolve, 60_000);
        });
        return new Response('', { status: 504 });
      }
      if (feed.mode === 'error') return new Response('Internal Server Error', { status: 500 });
      const text = renderFeed(platform, listing, feed.events, now());
      const body = feed.mode === 'malformed' ? text.slice(0, Math.floor(text.length / 2)) : text;
      return new Response(body, { status: 200, headers: { 'content-type': 'text/calendar; charset=utf-8' } });
    },
  };

  async function control(body: Record<string, unknown>): Promise<Response> {
    const platform = body.platform as OtaPlatform;
    const listing = String(body.listing ?? '');
    switch (body.action) {
      case 'events':
        sandbox.setEvents(platform, listing, (body.events as SandboxEvent[]) ?? []);
        return Response.json({ ok: true });
      case 'mode':
        sandbox.setMode(platform, listing, body.mode as FeedMode);
        return Response.json({ ok: true });
      case 'fetch_export':
        return Response.json(await sandbox.fetchExport(String(body.url)));
      case 'reset':
        sandbox.reset();
        return Response.json({ ok: true });
      default:
        return Response.json({ error: 'unknown action' }, { status: 400 });
    }
  }

  function page(): Response {
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const rows = [...feeds.entries()]
      .map(
        ([k, f]) =>
          `<li><a href="${OTA_SANDBOX_PREFIX}/feeds/${esc(k)}.ics">${esc(k)}.ics</a> — ${f.events.length} events, ${f.mode}</li>`,
      )
      .join('');
    const got = received
      .map((r) => `<li>${esc(r.at)} ${esc(r.url)} → ${r.status}<pre>${esc(r.body.slice(0, 4000))}</pre></li>`)
      .join('');
    return new Response(
      `<!doctype html><meta charset="utf-8"><title>OTA feed sandbox</title><h1>OTA feed sandbox</h1>` +
        `<p>Feeds: <code>${OTA_SANDBOX_PREFIX}/feeds/&lt;airbnb|booking_com|gathern&gt;/&lt;listing&gt;.ics</code></p>` +
        `<h2>Feeds served</h2><ul>${rows || '<li>none yet</li>'}</ul><h2>Our exports it fetched</h2><ul>${got || '<li>none yet</li>'}</ul>`,
      { headers: { 'content-type': 'text/html; charset=utf-8' } },
    );
  }

  return sandbox;
}
