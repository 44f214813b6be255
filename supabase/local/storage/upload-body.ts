/**
 * Reads an upload the way storage-api does: multipart/form-data (storage-js sends Blobs/Files
 * that way, the file under field name "" plus `cacheControl` and `metadata` fields) or a raw
 * body with `content-type`, `cache-control` and base64 JSON `x-metadata` headers.
 */
import { storageErrors } from './errors';

export interface UploadBody {
  bytes: Uint8Array<ArrayBuffer>;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

export async function readUploadBody(req: Request, maxBytes: number): Promise<UploadBody> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  // Refuse before buffering when the client told us it is too big (multipart adds a little
  // framing, so only raw bodies are judged this early).
  const contentType = req.headers.get('content-type') ?? '';
  const isMultipart = contentType.toLowerCase().startsWith('multipart/form-data');
  if (!isMultipart && Number.isFinite(declared) && declared > maxBytes) throw storageErrors.entityTooLarge();

  if (isMultipart) {
    const form = await req.formData().catch(() => {
      throw storageErrors.invalidRequest('Malformed multipart body');
    });
    let file: File | null = null;
    form.forEach((value) => {
      if (!file && typeof value !== 'string') file = value;
    });
    const found = file as File | null;
    if (!found) throw storageErrors.invalidRequest('No file found in the multipart body');
    const cacheControl = formString(form.get('cacheControl'));
    return {
      bytes: new Uint8Array(await found.arrayBuffer()),
      mimetype: found.type || 'application/octet-stream',
      cacheControl: cacheControl ? normaliseCacheControl(cacheControl) : 'no-cache',
      userMetadata: parseMetadata(formString(form.get('metadata'))),
    };
  }

  const bytes = new Uint8Array(await req.arrayBuffer());
  const header = req.headers.get('x-metadata');
  return {
    bytes,
    mimetype: contentType || 'application/octet-stream',
    cacheControl: req.headers.get('cache-control') ?? 'no-cache',
    userMetadata: header ? parseMetadata(Buffer.from(header, 'base64').toString('utf8')) : null,
  };
}

function formString(value: FormDataEntryValue | null): string | null {
  return typeof value === 'string' ? value : null;
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
