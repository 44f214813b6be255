/**
 * Reads an upload the way storage-api does — multipart/form-data (storage-js sends Blobs/Files
 * that way: the file under field name "" plus `cacheControl` and `metadata` fields before it)
 * or a raw body with `content-type`, `cache-control` and base64 JSON `x-metadata` headers — but
 * as a stream: nothing is buffered beyond a few kilobytes of form fields, and a body that
 * announces more than the limit (Content-Length) is refused before a byte of it is read.
 */
import { storageErrors } from './errors';

/** Multipart framing and form fields may add this much to the file's own size. */
export const MULTIPART_ALLOWANCE = 64 * 1024;
const MAX_PART_HEADERS = 16 * 1024;

export interface UploadBody {
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  /** The file's bytes as they arrive. Iterate once. */
  chunks: AsyncIterable<Uint8Array>;
  /** Reads what is left after the file (a multipart epilogue, a few bytes) so the connection can be reused. */
  finish(): Promise<void>;
  /** Stops reading the body (a refused upload): the gateway then closes the connection. */
  cancel(): Promise<void>;
}

const malformed = () => storageErrors.invalidRequest('Malformed multipart body');

/** Checks the announced size, then opens the body for streaming. Reads nothing of a raw body. */
export async function openUploadBody(req: Request, maxBytes: number): Promise<UploadBody> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  const contentType = req.headers.get('content-type') ?? '';
  const isMultipart = contentType.toLowerCase().startsWith('multipart/form-data');
  const ceiling = isMultipart ? maxBytes + MULTIPART_ALLOWANCE : maxBytes;
  if (Number.isFinite(declared) && declared > ceiling) throw storageErrors.entityTooLarge();
  const reader = new ChunkReader(req.body);
  if (!isMultipart) {
    const header = req.headers.get('x-metadata');
    return {
      mimetype: contentType || 'application/octet-stream',
      cacheControl: req.headers.get('cache-control') ?? 'no-cache',
      userMetadata: header ? parseMetadata(Buffer.from(header, 'base64').toString('utf8')) : null,
      chunks: reader.all(),
      finish: async () => undefined,
      cancel: () => reader.cancel(),
    };
  }
  return openMultipart(reader, contentType);
}

async function openMultipart(reader: ChunkReader, contentType: string): Promise<UploadBody> {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const token = boundary?.[1] ?? boundary?.[2];
  if (!token) throw malformed();
  const delimiter = Buffer.from(`--${token}`);
  const next = Buffer.from(`\r\n--${token}`);
  const fields = new Map<string, string>();
  let fieldBytes = 0;
  // Preamble up to the first delimiter.
  await reader.readUntil(delimiter, MULTIPART_ALLOWANCE);
  for (;;) {
    // After a delimiter: "--" closes the body, CRLF starts a part.
    const after = await reader.readExact(2);
    if (after.equals(Buffer.from('--'))) throw storageErrors.invalidRequest('No file found in the multipart body');
    if (!after.equals(Buffer.from('\r\n'))) throw malformed();
    const headers = parsePartHeaders((await reader.readUntil(Buffer.from('\r\n\r\n'), MAX_PART_HEADERS)).toString());
    if (headers.filename !== null) {
      const cacheControl = fields.get('cacheControl');
      return {
        mimetype: headers.contentType || 'application/octet-stream',
        cacheControl: cacheControl ? normaliseCacheControl(cacheControl) : 'no-cache',
        userMetadata: parseMetadata(fields.get('metadata') ?? null),
        chunks: reader.until(next),
        // storage-api reads only the fields before the file; what follows is skipped.
        finish: () => reader.drain(MULTIPART_ALLOWANCE),
        cancel: () => reader.cancel(),
      };
    }
    const value = await reader.readUntil(next, MULTIPART_ALLOWANCE - fieldBytes);
    fieldBytes += value.length;
    if (headers.name !== null && !fields.has(headers.name)) fields.set(headers.name, value.toString('utf8'));
  }
}

function parsePartHeaders(text: string): { name: string | null; filename: string | null; contentType: string } {
  let name: string | null = null;
  let filename: string | null = null;
  let contentType = '';
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-type') contentType = value;
    if (key === 'content-disposition') {
      name = /;\s*name="([^"]*)"/i.exec(value)?.[1] ?? /;\s*name=([^;\s]+)/i.exec(value)?.[1] ?? null;
      filename = /;\s*filename="([^"]*)"/i.exec(value)?.[1] ?? /;\s*filename=([^;\s]+)/i.exec(value)?.[1] ?? null;
    }
  }
  return { name, filename, contentType };
}

/** A pull reader over the request body with a small look-ahead buffer for delimiters. */
class ChunkReader {
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array> | null;

  constructor(body: ReadableStream<Uint8Array> | null) {
    this.reader = body ? body.getReader() : null;
  }

  private async fill(): Promise<boolean> {
    if (this.ended || !this.reader) return false;
    const { done, value } = await this.reader.read();
    if (done) {
      this.ended = true;
      return false;
    }
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    return true;
  }

  /** Everything, as it arrives. */
  async *all(): AsyncGenerator<Uint8Array> {
    if (this.buffer.length) yield this.take(this.buffer.length);
    while (await this.fill()) yield this.take(this.buffer.length);
  }

  /** Everything up to `delimiter` (consumed, not yielded); the body must contain it. */
  async *until(delimiter: Buffer): AsyncGenerator<Uint8Array> {
    for (;;) {
      const at = this.buffer.indexOf(delimiter);
      if (at >= 0) {
        if (at > 0) yield this.take(at);
        this.take(delimiter.length);
        return;
      }
      // Keep a tail that may be the start of the delimiter.
      const safe = this.buffer.length - (delimiter.length - 1);
      if (safe > 0) yield this.take(safe);
      if (!(await this.fill())) throw malformed();
    }
  }

  /** Up to `delimiter`, at most `max` bytes of it (a form field, the preamble). */
  async readUntil(delimiter: Buffer, max: number): Promise<Buffer> {
    for (;;) {
      const at = this.buffer.indexOf(delimiter);
      if (at >= 0) {
        if (at > max) break;
        const out = Buffer.from(this.take(at));
        this.take(delimiter.length);
        return out;
      }
      if (this.buffer.length > max + delimiter.length) break;
      if (!(await this.fill())) throw malformed();
    }
    throw storageErrors.invalidRequest('Multipart form fields are too large');
  }

  async readExact(n: number): Promise<Buffer> {
    while (this.buffer.length < n) if (!(await this.fill())) throw malformed();
    return Buffer.from(this.take(n));
  }

  async drain(max: number): Promise<void> {
    let seen = this.buffer.length;
    this.buffer = Buffer.alloc(0);
    while (seen <= max && (await this.fill())) {
      seen += this.buffer.length;
      this.buffer = Buffer.alloc(0);
    }
    if (!this.ended) await this.cancel();
  }

  async cancel(): Promise<void> {
    this.ended = true;
    await this.reader?.cancel().catch(() => undefined);
  }

  private take(n: number): Buffer {
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }
}

/** storage-js sends `cacheControl: "3600"`; storage-api stores `max-age=3600`. */
function normaliseCacheControl(value: string): string {
  return /^\d+$/.test(value.trim()) ? `max-age=${value.trim()}` : value;
}

function parseMetadata(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through to the refusal below
  }
  throw storageErrors.invalidRequest('metadata must be a JSON object');
}
