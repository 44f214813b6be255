/**
 * CSV writing (RFC 4180): every field that needs it is quoted, quotes are doubled, rows end in
 * CRLF. Text that a spreadsheet would run as a formula (`=`, `@`, a tab or CR, or `+`/`-` that is
 * not a plain number such as a phone `+9665…`) gets a leading apostrophe (OWASP "CSV
 * injection"), because an exported guest name is user input.
 *
 * Excel only reads a CSV as UTF-8 (Arabic intact) when the file starts with a byte-order mark;
 * `withBom` adds it for the "Excel" export, the plain CSV stays BOM-free for other tools.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=@\t\r]/;
const SIGNED_START = /^[+-]/;
const PLAIN_NUMBER = /^[+-]?[\d\s().]+$/;

export function neutralizeFormula(value: string): string {
  if (FORMULA_START.test(value)) return `'${value}`;
  if (SIGNED_START.test(value) && !PLAIN_NUMBER.test(value)) return `'${value}`;
  return value;
}

export function escapeCsvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutralizeFormula(value) : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(escapeCsvField).join(',')).join('\r\n') + '\r\n';
}

export const UTF8_BOM = '\uFEFF';

export function withBom(csv: string): string {
  return csv.startsWith(UTF8_BOM) ? csv : `${UTF8_BOM}${csv}`;
}
