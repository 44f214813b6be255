import { DOMParser, type Element } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';

/**
 * Reads back an `.xlsx` workbook the way a spreadsheet program does — unzipped and parsed from its
 * XML parts (ECMA-376), independently of the library that wrote it — so unit and browser tests
 * can check what a user would see: each cell's type and value, its number format, the frozen
 * header, column widths and the sheet's reading direction.
 */
export interface XlsxCell {
  /** `s` shared string, `inlineStr`, `str`, `b`, or `n` (a number, the default). */
  type: string;
  /** The text of a string cell; the number of a numeric one. */
  value: string | number;
  /** The cell's number format code (`#,##0.00`, `yyyy-mm-dd`) or built-in id (`General` when none). */
  format: string;
  bold: boolean;
}

export interface XlsxSheet {
  name: string;
  rightToLeft: boolean;
  /** Rows frozen at the top (the pane's ySplit), 0 when none. */
  frozenRows: number;
  /** Column widths in characters, by column index. */
  widths: number[];
  /** Cells by address (`A1`). */
  cells: Map<string, XlsxCell>;
  /** The values row by row (empty cells undefined), for quick comparisons. */
  rows: (string | number | undefined)[][];
}

const BUILT_IN_FORMATS: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  14: 'mm-dd-yy',
};

function xml(files: Record<string, Uint8Array>, path: string) {
  const bytes = files[path];
  if (!bytes) throw new Error(`the workbook has no ${path}`);
  return new DOMParser().parseFromString(strFromU8(bytes), 'text/xml');
}

function elements(parent: { getElementsByTagName(name: string): ArrayLike<Element> }, name: string): Element[] {
  return Array.from(parent.getElementsByTagName(name));
}

function textOf(element: Element): string {
  // Rich text runs (<r><t>) or a single <t>.
  return elements(element, 't')
    .map((t) => t.textContent ?? '')
    .join('');
}

function columnIndex(address: string): number {
  const letters = /^[A-Z]+/.exec(address)?.[0] ?? 'A';
  return [...letters].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

/** Opens the workbook's first sheet. */
export function readXlsx(data: Uint8Array | ArrayBuffer): XlsxSheet {
  const files = unzipSync(data instanceof Uint8Array ? data : new Uint8Array(data));
  const workbook = xml(files, 'xl/workbook.xml');
  const name = elements(workbook, 'sheet')[0]?.getAttribute('name') ?? '';
  const sheet = xml(files, 'xl/worksheets/sheet1.xml');

  const shared = files['xl/sharedStrings.xml'] ? elements(xml(files, 'xl/sharedStrings.xml'), 'si').map(textOf) : [];

  const styles = xml(files, 'xl/styles.xml');
  const customFormats = new Map(
    elements(styles, 'numFmt').map((format) => [
      Number(format.getAttribute('numFmtId')),
      format.getAttribute('formatCode') ?? '',
    ]),
  );
  const fonts = elements(elements(styles, 'fonts')[0] ?? styles.documentElement!, 'font').map(
    (font) => elements(font, 'b').length > 0,
  );
  const cellXfs = elements(elements(styles, 'cellXfs')[0] ?? styles.documentElement!, 'xf').map((xf) => {
    const id = Number(xf.getAttribute('numFmtId') ?? 0);
    return {
      format: customFormats.get(id) ?? BUILT_IN_FORMATS[id] ?? String(id),
      bold: fonts[Number(xf.getAttribute('fontId') ?? 0)] ?? false,
    };
  });

  const view = elements(sheet, 'sheetView')[0];
  const pane = elements(sheet, 'pane')[0];
  const widths: number[] = [];
  for (const col of elements(sheet, 'col')) {
    const min = Number(col.getAttribute('min'));
    const max = Number(col.getAttribute('max'));
    for (let index = min; index <= max; index += 1) widths[index - 1] = Number(col.getAttribute('width'));
  }

  const cells = new Map<string, XlsxCell>();
  const rows: (string | number | undefined)[][] = [];
  for (const row of elements(sheet, 'row')) {
    const rowIndex = Number(row.getAttribute('r')) - 1;
    const values: (string | number | undefined)[] = [];
    for (const c of elements(row, 'c')) {
      const address = c.getAttribute('r') ?? '';
      const type = c.getAttribute('t') ?? 'n';
      const raw = elements(c, 'v')[0]?.textContent ?? '';
      const value =
        type === 's'
          ? (shared[Number(raw)] ?? '')
          : type === 'inlineStr'
            ? textOf(c)
            : type === 'n'
              ? Number(raw)
              : raw;
      const style = cellXfs[Number(c.getAttribute('s') ?? 0)] ?? { format: 'General', bold: false };
      cells.set(address, { type, value, format: style.format, bold: style.bold });
      values[columnIndex(address)] = value;
    }
    rows[rowIndex] = values;
  }

  return {
    name,
    rightToLeft: view?.getAttribute('rightToLeft') === '1' || view?.getAttribute('rightToLeft') === 'true',
    frozenRows: pane && pane.getAttribute('state') === 'frozen' ? Number(pane.getAttribute('ySplit') ?? 0) : 0,
    widths,
    cells,
    rows,
  };
}

/** The calendar day (and time) of an Excel serial date, as `YYYY-MM-DD` or `YYYY-MM-DD HH:mm`. */
export function fromExcelSerial(serial: number): string {
  const ms = Math.round((serial - 25569) * 86_400_000);
  const iso = new Date(ms).toISOString();
  return ms % 86_400_000 === 0 ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** A Blob's bytes, also under jsdom (whose Blob has no arrayBuffer()). */
export async function blobBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the blob'));
    reader.readAsArrayBuffer(blob);
  });
}
