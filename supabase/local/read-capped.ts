/**
 * Reads a request body as text, but never more than `maxBytes`: `req.text()` would buffer
 * whatever a client sends (a gigabyte of "JSON" included) before any size check could run.
 */
export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`request body larger than ${maxBytes} bytes`);
  }
}

export async function readTextCapped(req: Request, maxBytes: number): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await req.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge(maxBytes);
  }
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
