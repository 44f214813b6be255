/**
 * What a file's first bytes say it is, checked against what the uploader declared. A bucket
 * that lists `allowed_mime_types` wants those kinds of files, not whatever carries their label:
 * a "PNG" must start with the PNG signature, and markup (HTML, SVG, XML, script) is never
 * accepted under an image's or a PDF's name. storage-api checks only the declared type; this is
 * a local addition (docs/local-storage-functions.md).
 */

/** Bytes looked at: enough for an XML prolog, a doctype and comments before an SVG's root. */
export const SNIFF_BYTES = 4096;

type Matcher = (head: Uint8Array) => boolean;

const startsWith =
  (...bytes: number[]): Matcher =>
  (head) =>
    bytes.every((b, i) => head[i] === b);
const ascii = (text: string, at = 0): Matcher => {
  const bytes = [...text].map((ch) => ch.charCodeAt(0));
  return (head) => bytes.every((b, i) => head[at + i] === b);
};
const isoBrand =
  (...brands: string[]): Matcher =>
  (head) =>
    ascii('ftyp', 4)(head) && brands.some((brand) => ascii(brand, 8)(head));

/** Declared types with a signature the content must carry. */
const SIGNATURES: Record<string, Matcher> = {
  'image/png': startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  'image/jpeg': startsWith(0xff, 0xd8, 0xff),
  'image/gif': (head) => ascii('GIF87a')(head) || ascii('GIF89a')(head),
  'image/webp': (head) => ascii('RIFF')(head) && ascii('WEBP', 8)(head),
  'image/avif': isoBrand('avif', 'avis'),
  'image/heic': isoBrand('heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'),
  'image/heif': isoBrand('mif1', 'msf1', 'heic', 'heix'),
  'image/bmp': ascii('BM'),
  'image/tiff': (head) => startsWith(0x49, 0x49, 0x2a, 0x00)(head) || startsWith(0x4d, 0x4d, 0x00, 0x2a)(head),
  'image/x-icon': startsWith(0x00, 0x00, 0x01, 0x00),
  'image/vnd.microsoft.icon': startsWith(0x00, 0x00, 0x01, 0x00),
  'application/pdf': ascii('%PDF-'),
  'application/zip': startsWith(0x50, 0x4b, 0x03, 0x04),
  'application/gzip': startsWith(0x1f, 0x8b),
};

const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

/** The essence of a MIME type: `Image/PNG; x=1` → `image/png`. */
export function essence(mime: string): string {
  const base = mime.split(';')[0]!.trim().toLowerCase();
  return ALIASES[base] ?? base;
}

/** The text at the start of the file, past a UTF-8 BOM, white space, XML prolog, comments and doctype. */
function leadingMarkup(head: Uint8Array): { root: string; markup: boolean } {
  let text = Buffer.from(head).toString('latin1');
  if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
  text = text.trimStart();
  const markup = text.startsWith('<');
  for (;;) {
    const before = text;
    text = text
      .replace(/^<\?xml[\s\S]*?\?>/i, '')
      .replace(/^<!--[\s\S]*?-->/, '')
      .replace(/^<!doctype[^>[]*(\[[\s\S]*?\])?\s*>/i, '')
      .trimStart();
    if (text === before) break;
  }
  const root = /^<([a-z][\w:-]*)/i.exec(text)?.[1]?.toLowerCase() ?? '';
  return { root, markup };
}

/**
 * Why the content does not fit the declared type, or null when it does. Only called for
 * buckets with `allowed_mime_types`.
 */
export function contentMismatch(declared: string, head: Uint8Array): string | null {
  const type = essence(declared);
  const signature = SIGNATURES[type];
  if (signature) return signature(head) ? null : `the content is not ${type}`;
  const { root, markup } = leadingMarkup(head);
  if (type === 'image/svg+xml') return root === 'svg' ? null : 'the content is not an SVG image';
  // Any other image, audio, video or font type: markup in it is a page, not that file.
  if (/^(image|audio|video|font)\//.test(type) && markup) return `markup declared as ${type}`;
  return null;
}
