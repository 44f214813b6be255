import { describe, expect, it } from 'vitest';
import { StorageError } from './errors';
import { MULTIPART_ALLOWANCE, openUploadBody } from './upload-body';

/** A request whose body arrives in `size`-byte chunks (1 = byte by byte, the hardest case). */
function requestOf(body: string | Uint8Array, headers: Record<string, string>, size = 7): Request {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
  return new Request('http://local/object/b/x', {
    method: 'POST',
    headers,
    body: stream,
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts).toString('utf8');
}

const multipart = (parts: string[], boundary = 'XyZ') =>
  parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') + `--${boundary}--\r\n`;
const mp = (boundary = 'XyZ') => ({ 'content-type': `multipart/form-data; boundary=${boundary}` });

describe('openUploadBody', () => {
  it('streams the file of a multipart body with the fields sent before it, chunk boundaries anywhere', async () => {
    const body = multipart([
      'Content-Disposition: form-data; name="cacheControl"\r\n\r\n3600',
      'Content-Disposition: form-data; name="metadata"\r\n\r\n{"unit":"A-1"}',
      'Content-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: image/png\r\n\r\nline one\r\nmid--XyZ-line\r\n-XyZ\r\nline two',
      'Content-Disposition: form-data; name="after"\r\n\r\nignored',
    ]);
    for (const size of [1, 3, 64, 100_000]) {
      const upload = await openUploadBody(requestOf(body, mp(), size), 1000);
      expect(upload).toMatchObject({
        mimetype: 'image/png',
        cacheControl: 'max-age=3600',
        userMetadata: { unit: 'A-1' },
      });
      expect(await collect(upload.chunks)).toBe('line one\r\nmid--XyZ-line\r\n-XyZ\r\nline two');
      await upload.finish();
    }
  });

  it('reads a quoted boundary and a raw body with its headers', async () => {
    const body = multipart(['Content-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nhi'], 'a b');
    const quoted = await openUploadBody(requestOf(body, { 'content-type': 'multipart/form-data; boundary="a b"' }), 10);
    expect(await collect(quoted.chunks)).toBe('hi');
    const raw = await openUploadBody(
      requestOf('plain', {
        'content-type': 'text/plain',
        'cache-control': 'max-age=60',
        'x-metadata': Buffer.from('{"a":1}').toString('base64'),
      }),
      10,
    );
    expect(raw).toMatchObject({ mimetype: 'text/plain', cacheControl: 'max-age=60', userMetadata: { a: 1 } });
    expect(await collect(raw.chunks)).toBe('plain');
  });

  it('refuses before reading when Content-Length is over the limit (multipart: plus its allowance)', async () => {
    const raw = requestOf('x', { 'content-type': 'text/plain', 'content-length': '11' });
    await expect(openUploadBody(raw, 10)).rejects.toMatchObject({ statusCode: '413' });
    const big = requestOf('x', { ...mp(), 'content-length': String(10 + MULTIPART_ALLOWANCE + 1) });
    await expect(openUploadBody(big, 10)).rejects.toMatchObject({ statusCode: '413' });
  });

  it('refuses malformed bodies, a body without a file and oversized fields with 400', async () => {
    const cut = '--XyZ\r\nContent-Disposition: form-data; name=""; filename="a"\r\n\r\nno end';
    const open = await openUploadBody(requestOf(cut, mp()), 100);
    await expect(collect(open.chunks)).rejects.toBeInstanceOf(StorageError);
    const noFile = multipart(['Content-Disposition: form-data; name="cacheControl"\r\n\r\n1']);
    await expect(openUploadBody(requestOf(noFile, mp()), 100)).rejects.toMatchObject({
      statusCode: '400',
      message: 'No file found in the multipart body',
    });
    const fat = multipart([`Content-Disposition: form-data; name="metadata"\r\n\r\n${'x'.repeat(70_000)}`]);
    await expect(openUploadBody(requestOf(fat, mp(), 4096), 100)).rejects.toMatchObject({ statusCode: '400' });
    await expect(openUploadBody(requestOf('x', { 'content-type': 'multipart/form-data' }), 100)).rejects.toMatchObject({
      statusCode: '400',
    });
  });
});
