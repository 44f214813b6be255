import type { TFunction } from 'i18next';
import { localized } from '@/lib/localized';
import type { Language } from '@/lib/i18n';
import type { SpreadsheetColumn, SpreadsheetSpec } from '@/lib/spreadsheet';
import type { Figures, ReportOverview, SourceFigures, UnitFigures } from '../api/get-report-overview';
import type { UnitStatement } from '../api/get-unit-statement';
import type { DayRange } from '@/lib/periods';
import { hiddenMoney, TABLE_FIGURES, type FigureSpec } from './figures';

/**
 * The reports' tables as spreadsheets (lib/spreadsheet writes CSV and Excel): the same columns as
 * on screen, headers in the reader's language naming the unit of each number ("Occupancy (%)",
 * "ADR (SAR)"), ratios as percentages with two decimals, money the role may not read left out.
 */
export interface SheetContext {
  t: TFunction<'reports'>;
  language: Language;
  timeZone: string;
  currency: string;
}

function figureColumn<Row extends Figures>(spec: FigureSpec, { t, currency }: SheetContext): SpreadsheetColumn<Row> {
  const label = t(`figures.${spec.key}`);
  switch (spec.kind) {
    case 'percent':
      return {
        header: t('export.percent_header', { label }),
        kind: 'money',
        value: (row) => (row[spec.key] === null ? null : Number(row[spec.key]) * 100),
      };
    case 'money':
      return { header: t('export.money_header', { label, currency }), kind: 'money', value: (row) => row[spec.key] };
    case 'days':
      return { header: label, kind: 'money', value: (row) => row[spec.key] };
    case 'count':
      return { header: label, kind: 'integer', value: (row) => row[spec.key] };
  }
}

/** The figure columns a role may see (invoiced and collected only with their permission). */
export function visibleFigures(can: ReportOverview['can']): FigureSpec[] {
  return TABLE_FIGURES.filter((spec) => !hiddenMoney(spec.key, can));
}

function spec<Row>(
  sheetName: string,
  columns: SpreadsheetColumn<Row>[],
  rows: readonly Row[],
  context: SheetContext,
): SpreadsheetSpec<Row> {
  return { sheetName, columns, rows, rightToLeft: context.language === 'ar', timeZone: context.timeZone };
}

export function byUnitSheet(report: ReportOverview, rows: readonly UnitFigures[], context: SheetContext) {
  const { t, language } = context;
  return spec<UnitFigures>(
    t('export.by_unit'),
    [
      { header: t('by_unit.unit'), kind: 'text', value: (row) => localized(language, row.name, row.name_ar) },
      { header: t('by_unit.type'), kind: 'text', value: (row) => t(`unit_types.${row.type}`) },
      { header: t('by_unit.city'), kind: 'text', value: (row) => row.city ?? '' },
      ...visibleFigures(report.can).map((item) => figureColumn<UnitFigures>(item, context)),
    ],
    rows,
    context,
  );
}

export function byChannelSheet(report: ReportOverview, rows: readonly SourceFigures[], context: SheetContext) {
  const { t } = context;
  return spec<SourceFigures>(
    t('export.by_channel'),
    [
      { header: t('by_channel.channel'), kind: 'text', value: (row) => t(`sources.${row.source}`) },
      ...visibleFigures(report.can).map((item) => figureColumn<SourceFigures>(item, context)),
    ],
    rows,
    context,
  );
}

type MonthFigures = ReportOverview['by_month'][number];

export function byMonthSheet(report: ReportOverview, rows: readonly MonthFigures[], context: SheetContext) {
  const { t } = context;
  return spec<MonthFigures>(
    t('export.by_month'),
    [
      { header: t('overview.month'), kind: 'text', value: (row) => row.month },
      ...visibleFigures(report.can).map((item) => figureColumn<MonthFigures>(item, context)),
    ],
    rows,
    context,
  );
}

type Stay = UnitStatement['stays'][number];
type Invoice = NonNullable<UnitStatement['invoices']>[number];
type Payment = NonNullable<UnitStatement['payments']>[number];

export function staysSheet(statement: UnitStatement, context: SheetContext) {
  const { t } = context;
  const money = (label: string) => t('export.money_header', { label, currency: statement.currency });
  return spec<Stay>(
    t('export.stays'),
    [
      { header: t('statement.columns.reference'), kind: 'text', value: (row) => row.booking_reference ?? '' },
      { header: t('statement.columns.guest'), kind: 'text', value: (row) => row.guest_name ?? '' },
      { header: t('statement.columns.check_in'), kind: 'date', value: (row) => row.check_in },
      { header: t('statement.columns.check_out'), kind: 'date', value: (row) => row.check_out },
      { header: t('statement.columns.nights'), kind: 'integer', value: (row) => row.nights_in_period },
      { header: money(t('statement.columns.room_revenue')), kind: 'money', value: (row) => row.room_revenue },
      { header: money(t('statement.columns.cleaning_fee')), kind: 'money', value: (row) => row.cleaning_fee },
      { header: t('statement.columns.status'), kind: 'text', value: (row) => statusLabel(row.status, t) },
    ],
    statement.stays,
    context,
  );
}

export function invoicesSheet(statement: UnitStatement, context: SheetContext) {
  const { t } = context;
  const money = (label: string) => t('export.money_header', { label, currency: statement.currency });
  return spec<Invoice>(
    t('export.invoices'),
    [
      { header: t('statement.columns.number'), kind: 'text', value: (row) => row.invoice_number ?? '' },
      { header: t('statement.columns.issue_date'), kind: 'date', value: (row) => row.issue_date.slice(0, 10) },
      {
        header: t('statement.columns.document_type'),
        kind: 'text',
        value: (row) => documentLabel(row.document_type, t),
      },
      { header: money(t('statement.columns.subtotal')), kind: 'money', value: (row) => row.subtotal },
      { header: money(t('statement.columns.vat')), kind: 'money', value: (row) => row.vat },
      { header: money(t('statement.columns.total')), kind: 'money', value: (row) => row.total },
    ],
    statement.invoices ?? [],
    context,
  );
}

export function paymentsSheet(statement: UnitStatement, context: SheetContext) {
  const { t } = context;
  return spec<Payment>(
    t('export.payments'),
    [
      { header: t('statement.columns.paid_at'), kind: 'datetime', value: (row) => row.paid_at },
      { header: t('statement.columns.method'), kind: 'text', value: (row) => row.method },
      {
        header: t('export.money_header', { label: t('statement.columns.amount'), currency: statement.currency }),
        kind: 'money',
        value: (row) => (row.is_refund ? -Math.abs(row.amount) : row.amount),
      },
      {
        header: t('statement.columns.refund'),
        kind: 'text',
        value: (row) => (row.is_refund ? t('statement.yes') : t('statement.no')),
      },
      { header: t('statement.columns.invoice'), kind: 'text', value: (row) => row.invoice_number ?? '' },
    ],
    statement.payments ?? [],
    context,
  );
}

const STATUSES = ['pending', 'confirmed', 'checked_in', 'checked_out', 'cancelled'] as const;
const DOCUMENTS = ['invoice', 'credit_note', 'debit_note'] as const;

/** A stay's status in words; an unknown one as the database wrote it. */
export function statusLabel(status: string, t: TFunction<'reports'>): string {
  return (STATUSES as readonly string[]).includes(status)
    ? t(`statement.statuses.${status as (typeof STATUSES)[number]}`)
    : status;
}

export function documentLabel(type: string, t: TFunction<'reports'>): string {
  return (DOCUMENTS as readonly string[]).includes(type)
    ? t(`statement.documents.${type as (typeof DOCUMENTS)[number]}`)
    : type;
}

/** `report-by-unit_2026-11-01_2026-11-30`: what and when, sortable in a folder. */
export function exportBaseName(what: string, range: DayRange): string {
  return `report-${what}_${range.from}_${range.to}`;
}
