import { describe, expect, it } from 'vitest';
import { blobBytes, fromExcelSerial, readXlsx } from '@/test/read-xlsx';
import {
  buildCsv,
  buildSpreadsheet,
  buildXlsx,
  columnWidth,
  NUMBER_FORMATS,
  sheetNameOf,
  wallClock,
  type SpreadsheetColumn,
  type SpreadsheetSpec,
} from './spreadsheet';

interface Payment {
  paidAt: string;
  day: string;
  amount: number | string | null;
  count: number;
  guest: string;
}

const rows: Payment[] = [
  // 21:30 UTC on 5 March is 00:30 on 6 March in Riyadh: the sheet shows Riyadh's day.
  { paidAt: '2026-03-05T21:30:00Z', day: '2026-03-05', amount: 1250.5, count: 2, guest: 'سارة الشهري' },
  { paidAt: '2026-03-07T09:05:00Z', day: '2026-03-07', amount: '99.999', count: 1, guest: '=HYPERLINK("x")' },
  { paidAt: 'not a date', day: '', amount: null, count: 0, guest: '' },
];

const columns: SpreadsheetColumn<Payment>[] = [
  { header: 'تاريخ الدفع', kind: 'datetime', value: (row) => row.paidAt },
  { header: 'اليوم', kind: 'date', value: (row) => row.day },
  { header: 'المبلغ', kind: 'money', value: (row) => row.amount },
  { header: 'العدد', kind: 'integer', value: (row) => row.count },
  { header: 'العميل', kind: 'text', value: (row) => row.guest, width: 30 },
];

const arabic: SpreadsheetSpec<Payment> = {
  sheetName: 'المدفوعات',
  columns,
  rows,
  rightToLeft: true,
  timeZone: 'Asia/Riyadh',
};

async function open(spec: SpreadsheetSpec<Payment>) {
  const blob = await buildXlsx(spec);
  return { blob, sheet: readXlsx(await blobBytes(blob)) };
}

describe('buildXlsx: a real workbook, checked by opening it', () => {
  it('is a zip of an .xlsx with the Excel MIME type', async () => {
    const { blob } = await open(arabic);
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const bytes = await blobBytes(blob);
    expect([...bytes.subarray(0, 2)]).toEqual([0x50, 0x4b]); // "PK": a zip archive
  });

  it('an Arabic sheet reads right to left, with its Arabic name and a bold, frozen Arabic header', async () => {
    const { sheet } = await open(arabic);
    expect(sheet.name).toBe('المدفوعات');
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.frozenRows).toBe(1);
    expect(sheet.rows[0]).toEqual(['تاريخ الدفع', 'اليوم', 'المبلغ', 'العدد', 'العميل']);
    for (const address of ['A1', 'B1', 'C1', 'D1', 'E1']) {
      expect(sheet.cells.get(address)?.bold).toBe(true);
      expect(['s', 'inlineStr', 'str']).toContain(sheet.cells.get(address)?.type);
    }
  });

  it('an English sheet reads left to right', async () => {
    const { sheet } = await open({ ...arabic, rightToLeft: false, sheetName: 'Payments' });
    expect(sheet.rightToLeft).toBe(false);
    expect(sheet.name).toBe('Payments');
  });

  it('amounts are numbers with two decimals, counts whole numbers', async () => {
    const { sheet } = await open(arabic);
    expect(sheet.cells.get('C2')).toMatchObject({ type: 'n', value: 1250.5, format: NUMBER_FORMATS.money });
    // Numeric text (PostgREST's numeric) is a number too.
    expect(sheet.cells.get('C3')).toMatchObject({ type: 'n', value: 99.999, format: '#,##0.00' });
    expect(sheet.cells.get('D2')).toMatchObject({ type: 'n', value: 2, format: '0' });
  });

  it('days and times are Excel dates in the organisation time zone', async () => {
    const { sheet } = await open(arabic);
    const paid = sheet.cells.get('A2');
    expect(paid).toMatchObject({ type: 'n', format: NUMBER_FORMATS.datetime });
    expect(fromExcelSerial(paid?.value as number)).toBe('2026-03-06 00:30');
    const day = sheet.cells.get('B2');
    expect(day).toMatchObject({ type: 'n', format: NUMBER_FORMATS.date });
    expect(fromExcelSerial(day?.value as number)).toBe('2026-03-05');
    expect(fromExcelSerial(sheet.cells.get('A3')?.value as number)).toBe('2026-03-07 12:05');
  });

  it('text is a string cell, never a formula; missing values are empty cells', async () => {
    const { sheet } = await open(arabic);
    expect(sheet.cells.get('E2')?.value).toBe('سارة الشهري');
    expect(sheet.cells.get('E3')).toMatchObject({ value: '=HYPERLINK("x")' });
    expect(['s', 'inlineStr', 'str']).toContain(sheet.cells.get('E3')?.type);
    expect(sheet.rows[3]?.[0]).toBeUndefined();
    expect(sheet.rows[3]?.[1]).toBeUndefined();
    expect(sheet.rows[3]?.[2]).toBeUndefined();
    expect(sheet.rows[3]?.[4]).toBeUndefined();
  });

  it('columns are as wide as asked, or as their content', async () => {
    const { sheet } = await open(arabic);
    expect(sheet.widths[4]).toBe(30);
    expect(sheet.widths[0]).toBe(columnWidth(columns[0]!, rows, 'Asia/Riyadh'));
    expect(sheet.widths[0]).toBeGreaterThanOrEqual('2026-03-06 00:30'.length);
  });

  it('buildSpreadsheet picks the format', async () => {
    expect((await buildSpreadsheet(arabic, 'xlsx')).type).toContain('spreadsheetml');
    expect((await buildSpreadsheet(arabic, 'csv')).type).toBe('text/csv;charset=utf-8');
  });
});

describe('buildCsv', () => {
  it('starts with the byte-order mark and writes amounts, days and local times plainly', () => {
    const csv = buildCsv(arabic);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('تاريخ الدفع,اليوم,المبلغ,العدد,العميل');
    expect(lines[1]).toBe('2026-03-06 00:30,2026-03-05,1250.50,2,سارة الشهري');
    // A formula-like guest name is neutralised (lib/csv), 99.999 rounds to 100.00.
    expect(lines[2]).toBe(`2026-03-07 12:05,2026-03-07,100.00,1,"'=HYPERLINK(""x"")"`);
    expect(lines[3]).toBe(',,,0,');
  });
});

describe('helpers', () => {
  it('sheetNameOf keeps Excel’s rules', () => {
    expect(sheetNameOf('VAT report 2026/03 [Q1]: *draft?*')).toBe('VAT report 2026 03  Q1    draft');
    expect(sheetNameOf('   ')).toBe('Sheet1');
    expect(sheetNameOf('x'.repeat(40))).toHaveLength(31);
  });

  it('wallClock reads an instant in a time zone', () => {
    expect(wallClock('2026-03-05T21:30:00Z', 'Asia/Riyadh')).toBe('2026-03-06 00:30');
    expect(wallClock('2026-03-05T21:30:00Z', 'Europe/London')).toBe('2026-03-05 21:30');
    expect(wallClock('garbage', 'Asia/Riyadh')).toBeNull();
  });
});
