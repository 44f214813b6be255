/**
 * The client-address contract of the local gateway (docs/local-stack.md). Hosted Supabase sits
 * behind Cloudflare, which overwrites `cf-connecting-ip` / `x-real-ip` / `x-forwarded-for` with
 * the address it saw; a client cannot choose them. The gateway does the same with the TCP peer
 * address before forwarding to auth, rest, storage or functions, so every service (and the SQL
 * helper that reads `request.headers`) sees one address per client, not a header the client
 * rotates.
 */
import { isIP } from 'node:net';

/** Headers a client could use to claim another address; the gateway never forwards its own copies. */
export const CLIENT_ADDRESS_HEADERS = [
  'cf-connecting-ip',
  'x-real-ip',
  'x-forwarded-for',
  // Not in the contract, but read by common proxies and libraries: drop them too.
  'forwarded',
  'true-client-ip',
  'x-client-ip',
  'x-cluster-client-ip',
] as const;

const DROPPED = new Set<string>(CLIENT_ADDRESS_HEADERS);

/** The peer address as a plain IP: `::ffff:127.0.0.1` → `127.0.0.1`; unknown → `0.0.0.0`. */
export function normalisePeerAddress(address: string | undefined | null): string {
  if (!address) return '0.0.0.0';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped ? mapped[1]! : address;
  return isIP(plain) ? plain : '0.0.0.0';
}

/** True for a header a client must not be able to set (the gateway writes its own). */
export function isClientAddressHeader(name: string): boolean {
  return DROPPED.has(name.toLowerCase());
}

/** The three headers the gateway sets for every upstream, all to the peer address. */
export function clientAddressHeaders(
  address: string,
): Record<'cf-connecting-ip' | 'x-real-ip' | 'x-forwarded-for', string> {
  return { 'cf-connecting-ip': address, 'x-real-ip': address, 'x-forwarded-for': address };
}

/** True when the address is this machine (the outbox is served only to loopback peers). */
export function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}
