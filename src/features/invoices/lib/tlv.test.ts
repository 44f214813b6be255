import { describe, expect, it } from 'vitest';
import { decodeQrPayload, encodeQrPayload } from './tlv';

// ZATCA's own guide sample ("Bobs Records", [QRPDF]) and the 9-tag Phase 2 fixture (Saleh7/php-zatca-xml).
const BOBS = 'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==';
const PHASE2 =
  'AQdMYXRlbmN5Ag8zOTk5OTk5OTk5MDAwMDMDFDIwMjQtMDktMDdUMTc6NDE6MDhaBAYyMzEuMTUFBTMwLjE1Biw3SFd2d3pTTXY3SUVoM3BJaHVYNHhRTlBxQldiVW02UmhkUGpTS1BGMHhNPQdgTUVRQ0h3VEhKeWMvTVUwYU1nTE5BMW13TmxPcmp1cDl0aTY0UHpETkZISkhQOW9DSVFDOWZjczBKOG9KdURqRWd6WUVOdjhqYzcyMVpzaFpBR0FNWXErWXRPQThjdz09CFgwVjAQBgcqhkjOPQIBBgUrgQQACgNCAAShYIprRJr0UgStM6/S4CQLVUgpfFT2c+nHa+V/jKEx6PLxzTZcluUOru0/J2jyarRqE4yY2jyDCeLte3UpP1R4CUcwRQIhALE/ichmnWXCUKUbca3yci8oqwaLvFdHVjQrveI9uqAbAiA9hC4M8jgMBADPSzmd2uiPJA6gKR3LE03U75eqbC/rXA==';

describe('ZATCA QR payload', () => {
  it('decodes the public Phase 1 sample', () => {
    expect(decodeQrPayload(BOBS)).toEqual({
      sellerName: 'Bobs Records',
      vatNumber: '310122393500003',
      timestamp: '2022-04-25T15:30:00Z',
      total: '1000.00',
      vat: '150.00',
      signed: false,
    });
  });

  it('reads tags 1–5 of a signed Phase 2 code and knows it is signed', () => {
    const fields = decodeQrPayload(PHASE2);
    expect(fields).toMatchObject({ sellerName: 'Latency', total: '231.15', vat: '30.15', signed: true });
  });

  it('counts UTF-8 bytes, not characters, for an Arabic seller name (round trip)', () => {
    const values = ['مؤسسة العقار المتحدة', '310122393500003', '2025-01-01T09:00:00Z', '3833.33', '500.00'];
    const payload = encodeQrPayload(values);
    // The research's self-computed vector for the same values.
    expect(payload).toBe(
      'ASbZhdik2LPYs9ipINin2YTYudmC2KfYsSDYp9mE2YXYqtit2K/YqQIPMzEwMTIyMzkzNTAwMDAzAxQyMDI1LTAxLTAxVDA5OjAwOjAwWgQHMzgzMy4zMwUGNTAwLjAw',
    );
    expect(decodeQrPayload(payload).sellerName).toBe('مؤسسة العقار المتحدة');
  });

  it('refuses a truncated payload', () => {
    expect(() => decodeQrPayload(BOBS.slice(0, 40))).toThrow();
  });
});
