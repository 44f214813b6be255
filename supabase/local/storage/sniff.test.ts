import { describe, expect, it } from 'vitest';
import { contentMismatch, essence } from './sniff';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('contentMismatch', () => {
  it('accepts files that carry the signature of their declared type', () => {
    expect(contentMismatch('image/png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBeNull();
    expect(contentMismatch('image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBeNull();
    expect(contentMismatch('IMAGE/JPG; q=1', bytes(0xff, 0xd8, 0xff, 0xdb))).toBeNull();
    expect(contentMismatch('image/webp', text('RIFF\0\0\0\0WEBPVP8 '))).toBeNull();
    expect(contentMismatch('image/gif', text('GIF89a'))).toBeNull();
    expect(contentMismatch('application/pdf', text('%PDF-1.7\n'))).toBeNull();
    expect(contentMismatch('image/avif', text('\0\0\0\x1cftypavif'))).toBeNull();
  });

  it('refuses other bytes under those types', () => {
    expect(contentMismatch('image/png', bytes(0xff, 0xd8, 0xff))).toMatch(/not image\/png/);
    expect(contentMismatch('image/png', text('<html><script>alert(1)</script>'))).not.toBeNull();
    expect(contentMismatch('image/jpeg', new Uint8Array(10))).not.toBeNull();
    expect(contentMismatch('application/pdf', text('<!doctype html>'))).not.toBeNull();
  });

  it('knows an SVG by its root element, past BOM, prolog, comments and doctype', () => {
    const svg =
      '\ufeff  <?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg xmlns="http://www.w3.org/2000/svg"/>';
    expect(contentMismatch('image/svg+xml', text(svg))).toBeNull();
    expect(contentMismatch('image/svg+xml', text('<html><svg/></html>'))).toMatch(/not an SVG/);
    expect(contentMismatch('image/svg+xml', bytes(0x89, 0x50))).not.toBeNull();
  });

  it('refuses markup under other image, audio and video types, and leaves text alone', () => {
    expect(contentMismatch('image/x-unknown', text('  <script>alert(1)</script>'))).toMatch(/markup/);
    expect(contentMismatch('video/mp4', text('<html>'))).toMatch(/markup/);
    expect(contentMismatch('text/plain', text('<b>hello</b>'))).toBeNull();
    expect(contentMismatch('text/csv', text('a,b\n1,2'))).toBeNull();
  });

  it('reduces a MIME type to its essence', () => {
    expect(essence(' Image/PNG ; charset=x')).toBe('image/png');
    expect(essence('image/pjpeg')).toBe('image/jpeg');
  });
});
