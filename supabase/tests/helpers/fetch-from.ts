/**
 * A `fetch` whose connections leave from a chosen local address (127.0.0.2, 127.0.0.3, … are all
 * this machine on Linux), so one test can play visitors at different client addresses: the local
 * gateway, like Cloudflare in front of hosted Supabase, tells the services the TCP peer address
 * and ignores the forwarding headers a client sends (supabase/local/client-address.ts).
 *
 *   createClient(url, key, { global: { fetch: fetchFrom('127.0.0.7') } })
 */
import http from 'node:http';

export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const outgoing = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers,
          localAddress,
          agent: false,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              if (Array.isArray(value)) for (const one of value) responseHeaders.append(name, one);
              else if (value !== undefined) responseHeaders.set(name, value);
            }
            const status = incoming.statusCode ?? 502;
            resolve(
              new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), {
                status,
                statusText: incoming.statusMessage,
                headers: responseHeaders,
              }),
            );
          });
        },
      );
      outgoing.on('error', reject);
      request.signal.addEventListener('abort', () => outgoing.destroy(new Error('aborted')));
      if (body) outgoing.write(body);
      outgoing.end();
    });
  };
}
