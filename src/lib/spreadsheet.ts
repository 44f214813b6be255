import type { Cell } from 'write-excel-file/universal';
import { toCsv, withBom, type CsvValue } from './csv';

/**
 * Every export of the app (clients, payments, the VAT report) in one shape, written two ways:
 *
 * - **Excel**: a real `.xlsx` workbook (write-excel-file, loaded only when the user exports, so
 *   the library never weighs on the dashboard's first load). Numbers are numbers (amounts with
 *   two decimals), days and times are Excel dates, the header row is bold and frozen, columns
 *   are as wide as their content, and an Arabic export is a right-to-left sheet.
 * - **CSV** (RFC 4180, formula-like text neutralised, lib/csv) with a UTF-8 byte-order mark,
 *   without which Excel opens Arabic as mojibake.
 *
 * A sheet is described once, by columns: a header in the user's language, a kind and a value
 * per row. The kind decides how a value is written in each format.
 */
export type ColumnKind = 'text' | 'integer' | 'money' | 'date' | 'datetime';

export interface SpreadsheetColumn<Row> {
  header: string;
  kind: ColumnKind;
  /**
   * text: any string; integer/money: a number (or numeric text, as PostgREST sends `numeric`);
   * date: a calendar day `YYYY-MM-DD`; datetime: an instant (ISO text), written as the wall
   * clock of the sheet's `timeZone`. null/undefined/'' is an empty cell.
   */
  value: (row: Row) => string | number | null | undefined;
  /** Width in characters; by default the longest of the header and the first rows' values. */
  width?: number;
}

export interface SpreadsheetSpec<Row> {
  /** The sheet's tab name (cut to Excel's 31 characters, without `[]:*?/\`). */
  sheetName: string;
  columns: readonly SpreadsheetColumn<Row>[];
  rows: readonly Row[];
  /** Arabic: the sheet reads from the right (column A at the right edge). */
  rightToLeft: boolean;
  /** Where datetime columns are read (the organisation's time zone). */
  timeZone: string;
}

export type SpreadsheetFormat = 'xlsx' | 'csv';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_MIME = 'text/csv;charset=utf-8';

/** Excel number formats: amounts with thousands separators and two decimals; ISO days and times. */
export const NUMBER_FORMATS = {
  money: '#,##0.00',
  integer: '0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A number from a number or numeric text; null for blank or anything else. */
export function toNumberValue(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The wall clock of `instant` in `timeZone` as `YYYY-MM-DD HH:mm` (null when not an instant). */
export function wallClock(instant: string, timeZone: string): string | null {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * A Date whose UTC fields are the given wall clock: Excel dates have no time zone, and the
 * library counts serial days from the UTC epoch, so this is the day (and time) the reader sees.
 */
function excelDate(wall: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/.exec(wall);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0'] = match;
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)));
}

/** A cell's text for CSV (and for measuring widths): amounts with two decimals, ISO days and times. */
function textOf<Row>(column: SpreadsheetColumn<Row>, row: Row, timeZone: string): CsvValue {
  const raw = column.value(row);
  switch (column.kind) {
    case 'money': {
      const number = toNumberValue(raw);
      return number === null ? null : number.toFixed(2);
    }
    case 'integer':
      return toNumberValue(raw);
    case 'date':
      return typeof raw === 'string' && DAY.test(raw) ? raw : null;
    case 'datetime':
      return typeof raw === 'string' ? wallClock(raw, timeZone) : null;
    default:
      return raw === null || raw === undefined ? null : String(raw);
  }
}

/** The CSV text of a sheet, starting with the UTF-8 byte-order mark. */
export function buildCsv<Row>(spec: SpreadsheetSpec<Row>): string {
  const header = spec.columns.map((column) => column.header);
  const body = spec.rows.map((row) => spec.columns.map((column) => textOf(column, row, spec.timeZone)));
  return withBom(toCsv(header, body));
}

/** Excel's rules for a sheet name: at most 31 characters, none of `[]:*?/\`, not blank. */
export function sheetNameOf(name: string): string {
  const cleaned = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31)
    .trim();
  return cleaned || 'Sheet1';
}

const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
/** Enough rows to judge a column's width without measuring a 5,000-row export cell by cell. */
const WIDTH_SAMPLE = 200;

/** A column's width in characters: its own, or the longest header/value among the first rows. */
export function columnWidth<Row>(column: SpreadsheetColumn<Row>, rows: readonly Row[], timeZone: string): number {
  if (column.width) return column.width;
  const lengths = rows.slice(0, WIDTH_SAMPLE).map((row) => {
    const text = textOf(column, row, timeZone);
    // Amounts gain thousands separators in Excel.
    return text === null || text === undefined ? 0 : String(text).length + (column.kind === 'money' ? 3 : 0);
  });
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, column.header.length, ...lengths) + 2);
}

function xlsxCell<Row>(column: SpreadsheetColumn<Row>, row: Row, timeZone: string): Cell {
  const raw = column.value(row);
  switch (column.kind) {
    case 'money':
    case 'integer': {
      const number = toNumberValue(raw);
      return number === null ? null : { value: number, type: Number, format: NUMBER_FORMATS[column.kind] };
    }
    case 'date': {
      const date = typeof raw === 'string' && DAY.test(raw) ? excelDate(raw) : null;
      return date ? { value: date, type: Date, format: NUMBER_FORMATS.date } : null;
    }
    case 'datetime': {
      const wall = typeof raw === 'string' ? wallClock(raw, timeZone) : null;
      const date = wall ? excelDate(wall) : null;
      return date ? { value: date, type: Date, format: NUMBER_FORMATS.datetime } : null;
    }
    default:
      // Written as a string cell (never a formula), so a guest name starting with "=" is just text.
      return raw === null || raw === undefined || raw === '' ? null : { value: String(raw), type: String };
  }
}

/** The `.xlsx` workbook of a sheet. Loads the writer on first use (its own chunk). */
export async function buildXlsx<Row>(spec: SpreadsheetSpec<Row>): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const header = spec.columns.map((column) => ({ value: column.header, type: String, fontWeight: 'bold' as const }));
  const body = spec.rows.map((row) => spec.columns.map((column) => xlsxCell(column, row, spec.timeZone)));
  return writeXlsxFile([header, ...body], {
    sheet: sheetNameOf(spec.sheetName),
    columns: spec.columns.map((column) => ({ width: columnWidth(column, spec.rows, spec.timeZone) })),
    stickyRowsCount: 1,
    rightToLeft: spec.rightToLeft,
  }).toBlob();
}

/** The file of a sheet in the chosen format. */
export async function buildSpreadsheet<Row>(spec: SpreadsheetSpec<Row>, format: SpreadsheetFormat): Promise<Blob> {
  if (format === 'xlsx') return buildXlsx(spec);
  return new Blob([buildCsv(spec)], { type: CSV_MIME });
}

/** Hands a file to the browser as a download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Builds the sheet in `format` and downloads it as `<baseName>.xlsx` or `<baseName>.csv`. */
export async function downloadSpreadsheet<Row>(
  spec: SpreadsheetSpec<Row>,
  format: SpreadsheetFormat,
  baseName: string,
): Promise<void> {
  downloadBlob(`${baseName}.${format}`, await buildSpreadsheet(spec, format));
}
