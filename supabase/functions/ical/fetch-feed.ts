// Fetching a platform's iCal feed: http(s) only, at most 3 redirects (each checked again), a
// deadline for the whole exchange (10 s by default) and a size cap (5 MB): a feed that hangs or
// floods fails with a readable reason instead of tying the function up. Addresses of this machine
// or a private network (written as such: localhost, 127/8, 10/8, 172.16/12, 192.168/16,
// 169.254/16, ::1, fc00::/7, fe80::/10) are refused unless `allowPrivateHosts` (the local stack,
// whose OTA sandbox is on loopback): a feed URL is typed by staff and must not reach internal services.

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export class FetchFeedError extends Error {}

export interface FetchFeedOptions {
  fetch?: typeof fetch;
  allowPrivateHosts?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

/** True for a host name that is this machine or a private network address. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '0.0.0.0' || host === '::') return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (host.includes(':')) {
    return (
      host === '::1' || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host) || host.startsWith('::ffff:')
    );
  }
  return false;
}

function checkedUrl(raw: string, base?: string, allowPrivateHosts = false): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchFeedError('The feed address is not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new FetchFeedError('The feed address must start with http:// or https://');
  }
  if (!allowPrivateHosts && isPrivateHost(url.hostname)) {
    throw new FetchFeedError('The feed address must be a public internet address');
  }
  return url;
}

export async function fetchFeed(address: string, options: FetchFeedOptions = {}): Promise<string> {
  const fetcher = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const allowPrivate = options.allowPrivateHosts ?? false;
    let url = checkedUrl(address, undefined, allowPrivate);
    for (let hop = 0; ; hop++) {
      const response = await fetcher(url, {
        redirect: 'manual',
        signal: controller.signal,
        headers: { accept: 'text/calendar, text/plain;q=0.8, */*;q=0.1', 'user-agent': 'Nuzl-iCal/1.0' },
      });
      if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS) throw new FetchFeedError('The feed redirects too many times');
        url = checkedUrl(response.headers.get('location')!, url.href, allowPrivate);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new FetchFeedError(`The feed answered HTTP ${response.status}`);
      }
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > maxBytes) {
        await response.body?.cancel();
        throw new FetchFeedError('The feed is too large');
      }
      const reader = response.body?.getReader();
      if (!reader) return '';
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          throw new FetchFeedError('The feed is too large');
        }
        chunks.push(value);
      }
      const all = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        all.set(chunk, at);
        at += chunk.byteLength;
      }
      return new TextDecoder().decode(all);
    }
  } catch (error) {
    if (error instanceof FetchFeedError) throw error;
    if (controller.signal.aborted) throw new FetchFeedError(`The feed did not answer within ${timeoutMs / 1000} s`);
    throw new FetchFeedError(
      `The feed could not be fetched: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    clearTimeout(timer);
  }
}
