/** Small request/response helpers shared by the endpoint groups. */
import { isIP } from 'node:net';
import { BodyTooLarge, readTextCapped } from '../read-capped';
import { badRequest } from './errors';

export type JsonBody = Record<string, unknown>;

export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export const noContent = () => new Response(null, { status: 204 });

/** Parses a JSON object body (at most 1 MiB, GoTrue's limit); empty bodies are `{}` (auth-js sends none for logout). */
export async function readJson(req: Request): Promise<JsonBody> {
  const text = await readTextCapped(req, 1 << 20).catch((err: unknown) => {
    if (err instanceof BodyTooLarge) throw badRequest('request_too_large', 'Request body too large');
    throw err;
  });
  if (!text.trim()) return {};
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as JsonBody;
  } catch {
    // fall through
  }
  throw badRequest('bad_json', 'Could not parse request body as JSON');
}

export function bearerToken(req: Request): string | null {
  const h = req.headers.get('authorization');
  const m = h ? /^bearer\s+(\S+)$/i.exec(h.trim()) : null;
  return m ? m[1]! : null;
}

/**
 * The client's address for the rate limiters and session rows. Only the gateway's own word
 * counts: it passes the TCP peer in the service context (in-process, so no client can forge
 * it). Client-sent `X-Forwarded-For` / `X-Real-IP` are never read: trusting them let one
 * client pose as a new address on every request. Without a gateway (unit tests calling the
 * service directly) every request is the local machine.
 */
export function clientAddressOf(gatewayAddress: string | undefined): string {
  return gatewayAddress && isIP(gatewayAddress) !== 0 ? gatewayAddress : '127.0.0.1';
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const obj = (v: unknown): JsonBody | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as JsonBody) : null;
