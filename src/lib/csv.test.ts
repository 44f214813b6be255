import { describe, expect, it } from 'vitest';
import { escapeCsvField, neutralizeFormula, toCsv, UTF8_BOM, withBom } from './csv';

describe('escapeCsvField', () => {
  it('leaves plain text, numbers and Arabic as they are', () => {
    expect(escapeCsvField('Omar Haddad')).toBe('Omar Haddad');
    expect(escapeCsvField('محمد القحطاني')).toBe('محمد القحطاني');
    expect(escapeCsvField(1250.5)).toBe('1250.5');
    expect(escapeCsvField(true)).toBe('true');
  });

  it('writes null and undefined as empty fields', () => {
    expect(escapeCsvField(null)).toBe('');
    expect(escapeCsvField(undefined)).toBe('');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    expect(escapeCsvField('Riyadh, Olaya')).toBe('"Riyadh, Olaya"');
    expect(escapeCsvField('He said "hi"')).toBe('"He said ""hi"""');
    expect(escapeCsvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(escapeCsvField('a\r\nb')).toBe('"a\r\nb"');
    expect(escapeCsvField(' padded ')).toBe('" padded "');
  });

  it('defuses spreadsheet formulas but keeps phone numbers and signed numbers', () => {
    expect(escapeCsvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(escapeCsvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvField('+cmd|x')).toBe("'+cmd|x");
    expect(escapeCsvField('-2+3')).toBe("'-2+3");
    expect(escapeCsvField('+966501234567')).toBe('+966501234567');
    expect(escapeCsvField('-12.5')).toBe('-12.5');
    expect(neutralizeFormula('\tx')).toBe("'\tx");
  });
});

describe('toCsv / withBom', () => {
  it('joins fields with commas and rows with CRLF, header first', () => {
    expect(
      toCsv(
        ['Name', 'Phone'],
        [
          ['سارة', '+966501234567'],
          ['A, B', null],
        ],
      ),
    ).toBe('Name,Phone\r\nسارة,+966501234567\r\n"A, B",\r\n');
  });

  it('adds the UTF-8 byte-order mark once', () => {
    const csv = toCsv(['الاسم'], [['نورة']]);
    expect(withBom(csv).startsWith(UTF8_BOM)).toBe(true);
    expect(withBom(withBom(csv))).toBe(withBom(csv));
    expect(Array.from(new TextEncoder().encode(withBom(csv)).slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  });
});
