/** Small request/response helpers shared by the endpoint groups. */
import { isIP } from 'node:net';
import { badRequest } from './errors';

export type JsonBody = Record<string, unknown>;

export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export const noContent = () => new Response(null, { status: 204 });

/** Parses a JSON object body; empty bodies are `{}` (auth-js sends none for logout). */
export async function readJson(req: Request): Promise<JsonBody> {
  const text = await req.text();
  if (text.length > 1 << 20) throw badRequest('request_too_large', 'Request body too large');
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

/** The client's address, as GoTrue's limiter sees it behind a proxy (only well-formed addresses count). */
export function clientIp(req: Request): string {
  const candidates = [req.headers.get('x-forwarded-for')?.split(',')[0]?.trim(), req.headers.get('x-real-ip')?.trim()];
  return candidates.find((ip): ip is string => !!ip && isIP(ip) !== 0) ?? '127.0.0.1';
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const obj = (v: unknown): JsonBody | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as JsonBody) : null;
