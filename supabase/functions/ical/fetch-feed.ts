// Fetching a platform's iCal feed: http(s) only, at most 3 redirects (each checked again), a
// deadline for the whole exchange (10 s by default) and a size cap (5 MB): a feed that hangs or
// floods fails with a readable reason instead of tying the function up.

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export class FetchFeedError extends Error {}

export interface FetchFeedOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
}

function checkedUrl(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchFeedError('The feed address is not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new FetchFeedError('The feed address must start with http:// or https://');
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
    let url = checkedUrl(address);
    for (let hop = 0; ; hop++) {
      const response = await fetcher(url, {
        redirect: 'manual',
        signal: controller.signal,
        headers: { accept: 'text/calendar, text/plain;q=0.8, */*;q=0.1', 'user-agent': 'Nuzl-iCal/1.0' },
      });
      if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS) throw new FetchFeedError('The feed redirects too many times');
        url = checkedUrl(response.headers.get('location')!, url.href);
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
