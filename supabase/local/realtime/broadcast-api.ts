/**
 * Realtime's REST broadcast, behind the gateway's /realtime/v1 (the key is checked there):
 * `POST /api/broadcast` `{messages: [{topic, event, payload, private}]}` and
 * `POST /api/broadcast/<topic>/events/<event>` with the payload as body (realtime-js `httpSend`,
 * and `send()` before a channel has joined). 202 when delivered to the topic's sockets.
 */
import type { StackKeys } from '../types';
import { authorizeToken } from './auth';

export function createBroadcastApi(
  keys: StackKeys,
  publish: (topic: string, event: string, payload: unknown) => void,
): (req: Request) => Promise<Response> {
  return async (req) => {
    const url = new URL(req.url);
    const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(url.pathname);
    if (req.method !== 'POST' || (!single && !/^\/api\/broadcast\/?$/.test(url.pathname)))
      return Response.json({ message: 'Not found' }, { status: 404 });
    // A user token is checked like a join's; the key alone (no token) is enough for public topics.
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
    if (bearer && !bearer.startsWith('sb_')) {
      try {
        await authorizeToken(bearer, keys);
      } catch (err) {
        return Response.json({ error: (err as Error).message }, { status: 401 });
      }
    }
    let messages: Array<{ topic?: unknown; event?: unknown; payload?: unknown; private?: unknown }>;
    try {
      const body: unknown = await req.json();
      messages = single
        ? [
            {
              topic: decodeURIComponent(single[1] as string),
              event: decodeURIComponent(single[2] as string),
              payload: body,
              private: url.searchParams.get('private') === 'true',
            },
          ]
        : ((body as { messages?: unknown }).messages as typeof messages);
    } catch {
      return Response.json({ error: 'The body must be JSON' }, { status: 400 });
    }
    if (!Array.isArray(messages) || messages.some((m) => typeof m?.topic !== 'string' || typeof m.event !== 'string'))
      return Response.json({ error: 'Each message needs a topic and an event' }, { status: 400 });
    if (messages.some((m) => m.private === true))
      return Response.json({ error: 'Private channels are not available in the local stack' }, { status: 403 });
    for (const m of messages) publish(`realtime:${m.topic as string}`, m.event as string, m.payload ?? {});
    return new Response(null, { status: 202 });
  };
}
