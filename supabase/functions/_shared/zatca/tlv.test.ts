import { assertEquals, assertThrows } from './testing.ts';
import { fromBase64, toBase64, toHex } from './bytes.ts';
import { decodeQr, decodeTlv, encodeTlv, phase1Qr, TlvValueTooLongError } from './tlv.ts';
import { readFixture, textOf } from './test_support.ts';

const phase1 = (sellerName: string, vatNumber: string, timestamp: string, totalWithVat: string, vatTotal: string) =>
  phase1Qr({ sellerName, vatNumber, timestamp, totalWithVat, vatTotal });

Deno.test('V1 (SallaApp/ZATCA test): Salla / 1234567891 / 2021-07-12T14:25:09Z / 100.00 / 15.00', () => {
  assertEquals(
    phase1('Salla', '1234567891', '2021-07-12T14:25:09Z', '100.00', '15.00'),
    'AQVTYWxsYQIKMTIzNDU2Nzg5MQMUMjAyMS0wNy0xMlQxNDoyNTowOVoEBjEwMC4wMAUFMTUuMDA=',
  );
});

Deno.test('V3 (axenda/zatca tests): Axenda / 1234567891 / 2021-12-04T00:00:00Z / 100.00 / 15.00', () => {
  assertEquals(
    phase1('Axenda', '1234567891', '2021-12-04T00:00:00Z', '100.00', '15.00'),
    'AQZBeGVuZGECCjEyMzQ1Njc4OTEDFDIwMjEtMTItMDRUMDA6MDA6MDBaBAYxMDAuMDAFBTE1LjAw',
  );
});

Deno.test('V5 (ZATCA QR guide "Bobs Records"): Base64 and bytes', () => {
  const qr = phase1('Bobs Records', '310122393500003', '2022-04-25T15:30:00Z', '1000.00', '150.00');
  assertEquals(qr, 'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==');
  assertEquals(
    toHex(fromBase64(qr)),
    [
      '010c426f6273205265636f726473',
      '020f333130313232333933353030303033',
      '0314323032322d30342d32355431353a33303a30305a',
      '0407313030302e3030',
      '05063135302e3030',
    ].join(''),
  );
});

Deno.test('Arabic seller name: the length byte counts UTF-8 bytes (20 letters = 38 bytes), not characters', () => {
  const qr = phase1('مؤسسة العقار المتحدة', '310122393500003', '2025-01-01T09:00:00Z', '3833.33', '500.00');
  assertEquals(fromBase64(qr)[1], 38);
  assertEquals(decodeQr(qr).get(1), 'مؤسسة العقار المتحدة');
  assertEquals(
    qr,
    'ASbZhdik2LPYs9ipINin2YTYudmC2KfYsSDYp9mE2YXYqtit2K/YqQIPMzEwMTIyMzkzNTAwMDAzAxQyMDI1LTAxLTAxVDA5OjAwOjAwWgQHMzgzMy4zMwUGNTAwLjAw',
  );
});

Deno.test('the published Swift README vector that truncates tag 5 to "15.0" is not what we produce', () => {
  assertEquals(
    phase1('Jawad', '123456789', '2021-11-24T11:11:11Z', '100.00', '15.00'),
    'AQVKYXdhZAIJMTIzNDU2Nzg5AxQyMDIxLTExLTI0VDExOjExOjExWgQGMTAwLjAwBQUxNS4wMA==',
  );
});

Deno.test(
  'the 9-tag fixture QR: tags 1-5 re-encode to its exact prefix, tags 6-7 equal the XML digest and signature',
  async () => {
    const xml = await readFixture('Simplified_Invoice_Signed.xml');
    const qr =
      'AQdMYXRlbmN5Ag8zOTk5OTk5OTk5MDAwMDMDFDIwMjQtMDktMDdUMTc6NDE6MDhaBAYyMzEuMTUFBTMwLjE1Biw3SFd2d3pTTXY3SUVoM3BJaHVYNHhRTlBxQldiVW02UmhkUGpTS1BGMHhNPQdgTUVRQ0h3VEhKeWMvTVUwYU1nTE5BMW13TmxPcmp1cDl0aTY0UHpETkZISkhQOW9DSVFDOWZjczBKOG9KdURqRWd6WUVOdjhqYzcyMVpzaFpBR0FNWXErWXRPQThjdz09CFgwVjAQBgcqhkjOPQIBBgUrgQQACgNCAAShYIprRJr0UgStM6/S4CQLVUgpfFT2c+nHa+V/jKEx6PLxzTZcluUOru0/J2jyarRqE4yY2jyDCeLte3UpP1R4CUcwRQIhALE/ichmnWXCUKUbca3yci8oqwaLvFdHVjQrveI9uqAbAiA9hC4M8jgMBADPSzmd2uiPJA6gKR3LE03U75eqbC/rXA==';
    assertEquals(qr.length, 496);
    const prefix = fromBase64(phase1('Latency', '399999999900003', '2024-09-07T17:41:08Z', '231.15', '30.15'));
    assertEquals(fromBase64(qr).subarray(0, prefix.length), prefix);
    const tags = decodeQr(qr);
    assertEquals([...tags.keys()], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assertEquals(tags.get(6), '7HWvwzSMv7IEh3pIhuX4xQNPqBWbUm6RhdPjSKPF0xM=');
    assertEquals(tags.get(7), textOf(xml, 'ds:SignatureValue'));
    assertEquals(toHex(tags.get(8) as Uint8Array).slice(0, 46), '3056301006072a8648ce3d020106052b8104000a034200');
  },
);

Deno.test('values over 127 UTF-8 bytes are refused with the tag named; 127 passes', () => {
  const name = 'ب'.repeat(64); // 128 bytes
  const error = assertThrows(
    () => phase1(name, '310122393500003', '2025-01-01T09:00:00', '1.00', '0.15'),
    TlvValueTooLongError,
  );
  assertEquals(error.message.startsWith('QR tag 1 (seller name) is 128 bytes in UTF-8; the limit is 127 bytes'), true);
  assertEquals(encodeTlv([[1, 'a'.repeat(127)]]).length, 129);
  assertThrows(() => encodeTlv([[2, '']]), Error, 'QR tag 2 (VAT number) is empty');
  assertThrows(() => encodeTlv([[0, 'x']]), Error, 'Invalid TLV tag 0');
});

Deno.test('decodeTlv rejects truncated, overlong and repeated records', () => {
  assertThrows(() => decodeTlv(Uint8Array.of(1)), Error, 'Truncated');
  assertThrows(() => decodeTlv(Uint8Array.of(1, 5, 65)), Error, 'runs past the end');
  assertThrows(() => decodeTlv(Uint8Array.of(1, 1, 65, 1, 1, 66)), Error, 'appears twice');
  assertEquals(toBase64(encodeTlv([[1, Uint8Array.of(0xff)]])), 'AQH/');
});
