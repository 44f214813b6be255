/**
 * Who may read the local outbox (/_local/outbox: sign-in codes, invitation links). It needs no
 * key — it is a developer's tool — so the gateway keeps it to this machine and to itself:
 * - only loopback peers, and only under a loopback host name (a DNS-rebinding page reaches
 *   127.0.0.1 under its own name, which is refused);
 * - no CORS at all, and a request a browser marks as coming from another origin
 *   (`Origin`, `Sec-Fetch-Site`) is refused, preflights included: a page on another site,
 *   or the app on another port, cannot read the codes or clear them;
 * - answers carry `Cross-Origin-Resource-Policy: same-origin`, `no-store` and `nosniff`.
 */
import type { IncomingMessage } from 'node:http';
import { isLoopback } from './client-address';

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

function refuse(message: string): Response {
  return Response.json({ message }, { status: 403, headers: { 'cache-control': 'no-store' } });
}

/**
 * A 403 for a request that must not reach the outbox, or null when it may. The same rule guards the
 * other developer tools (the provider sandboxes and their pages), named by `what`.
 */
export function guardOutbox(
  req: IncomingMessage,
  peer: string,
  port: number,
  what = 'The local outbox',
): Response | null {
  if (!isLoopback(peer)) return refuse(`${what} is only served to this machine`);
  const ownOrigins = LOOPBACK_HOSTS.map((host) => `http://${host}:${port}`);
  const host = (req.headers.host ?? '').toLowerCase();
  if (!ownOrigins.some((origin) => origin === `http://${host}`))
    return refuse(`${what} is only served at 127.0.0.1 or localhost`);
  const origin = req.headers.origin;
  if (typeof origin === 'string' && !ownOrigins.includes(origin.toLowerCase()))
    return refuse(`${what} cannot be read from another origin`);
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none')
    return refuse(`${what} cannot be read from another origin`);
  if (req.method === 'OPTIONS') return refuse(`${what} does not take cross-origin requests`);
  return null;
}

/** Headers for every outbox answer: never cached, never sniffed, never embedded elsewhere. */
export const OUTBOX_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  // The page's own inline style and its Clear button (inline handler, fetch to itself).
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; form-action 'none'",
};
