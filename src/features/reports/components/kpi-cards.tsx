import { useTranslation } from 'react-i18next';
import type { ReportOverview } from '../api/get-report-overview';
import { hiddenMoney, KPI_FIGURES, type FigureSpec } from '../lib/figures';
import type { ReportFormat } from '../lib/use-report-format';
import { DeltaBadge } from './delta-badge';

/** A figure's value as text: hidden money says so, an unknown ratio is a dash read as "No figure". */
export function FigureValue({
  spec,
  value,
  can,
  format,
}: {
  spec: FigureSpec;
  value: number | null;
  can: ReportOverview['can'];
  format: ReportFormat;
}) {
  const { t } = useTranslation('reports');
  if (value === null && hiddenMoney(spec.key, can)) {
    return <span className="text-sm font-normal text-stone-600">{t('hidden_for_role')}</span>;
  }
  if (value === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('no_figure')}</span>
      </>
    );
  }
  return <>{format.figure(spec.kind, value)}</>;
}

/**
 * The overview's key figures: one card each, with the change against the previous period and
 * against the same period last year. Money the role may not read says so (never 0), with no change.
 */
export function KpiCards({ report, format }: { report: ReportOverview; format: ReportFormat }) {
  const { t } = useTranslation('reports');
  const { current, previous, last_year: lastYear } = report.totals;
  return (
    <section aria-labelledby="report-kpis-heading">
      <h2 id="report-kpis-heading" className="sr-only">
        {t('overview.cards')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {KPI_FIGURES.map((spec) => {
          const hidden = hiddenMoney(spec.key, report.can);
          return (
            <li
              key={spec.key}
              className="flex flex-col gap-1.5 rounded-xl border border-stone-200 bg-white p-4"
              data-testid={`kpi-${spec.key}`}
            >
              <h3 className="text-sm font-medium text-stone-700">{t(`figures.${spec.key}`)}</h3>
              <p className="text-2xl font-semibold text-stone-900 tabular-nums" data-testid={`kpi-${spec.key}-value`}>
                <FigureValue spec={spec} value={current[spec.key]} can={report.can} format={format} />
              </p>
              {hidden ? null : (
                <>
                  <DeltaBadge
                    current={current[spec.key]}
                    base={previous[spec.key]}
                    polarity={spec.polarity}
                    label={t('compare.previous')}
                    format={format}
                    testId={`kpi-${spec.key}-vs-previous`}
                  />
                  <DeltaBadge
                    current={current[spec.key]}
                    base={lastYear[spec.key]}
                    polarity={spec.polarity}
                    label={t('compare.last_year')}
                    format={format}
                    testId={`kpi-${spec.key}-vs-last-year`}
                  />
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
