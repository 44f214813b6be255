import { Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PrintArea } from '@/components/print-area';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { localized } from '@/lib/localized';
import type { UnitOption } from '../api/get-report-overview';
import { useUnitStatement } from '../api/get-unit-statement';
import type { DayRange } from '@/lib/periods';
import type { ReportFormat } from '../lib/use-report-format';
import { Definitions } from './definitions';
import { ReportError } from './report-error';
import { StatementDocument } from './statement-document';

/**
 * A unit's statement for the report's period (unit_statement): choose the unit (kept in the URL),
 * read it, export each table, print it — only the statement, on A4, Arabic shaped by the browser.
 */
export function StatementTab({
  units,
  unitId,
  onUnit,
  range,
  format,
}: {
  units: UnitOption[];
  unitId: string | null;
  onUnit: (unitId: string | null) => void;
  range: DayRange | null;
  format: ReportFormat;
}) {
  const { t } = useTranslation('reports');
  const known = unitId !== null && units.some((unit) => unit.id === unitId);
  const statement = useUnitStatement(known && range ? { unitId, range } : null);

  return (
    <section aria-labelledby="statement-heading" className="flex flex-col gap-4" data-testid="report-statement">
      <h2 id="statement-heading" className="sr-only">
        {t('statement.title')}
      </h2>
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <Field label={t('statement.unit')} compact className="w-full sm:w-72">
          <Select
            value={known ? unitId : ''}
            onChange={(event) => onUnit(event.target.value || null)}
            data-testid="statement-unit-select"
          >
            <option value="">{t('statement.choose')}</option>
            {units.map((unit) => (
              <option key={unit.id} value={unit.id}>
                {localized(format.language, unit.name, unit.name_ar)}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          variant="outline"
          disabled={!statement.data}
          onClick={() => window.print()}
          data-testid="statement-print"
        >
          <Printer aria-hidden="true" />
          {t('statement.print')}
        </Button>
      </div>
      {!known ? <p className="text-sm text-stone-600">{t('statement.prompt')}</p> : null}
      {known && statement.isPending ? <Skeleton className="h-64 w-full" /> : null}
      {statement.isError ? (
        <ReportError title={t('statement.error')} error={statement.error} onRetry={() => void statement.refetch()} />
      ) : null}
      {statement.data ? (
        <PrintArea testId="statement-print-area">
          <StatementDocument statement={statement.data} format={format} />
          <div className="mt-4">
            <Definitions open />
          </div>
        </PrintArea>
      ) : null}
    </section>
  );
}
