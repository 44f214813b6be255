import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { ChartGroup, ChartSeries } from './chart-types';

/**
 * The figures of a chart as a table. It is always in the accessibility tree (a screen reader
 * finds the numbers whether or not it is shown); "Show as table" only makes it visible.
 */
export function ChartDataTable({
  title,
  categoryLabel,
  series,
  groups,
  formatValue,
  testId,
}: {
  title: string;
  categoryLabel: string;
  series: ChartSeries[];
  groups: ChartGroup[];
  formatValue: (value: number) => string;
  testId: string;
}) {
  const { t } = useTranslation('charts');
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div className="text-sm">
      <button
        type="button"
        className="cursor-pointer rounded-sm text-primary-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600 print:hidden"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown((value) => !value)}
        data-testid={`${testId}-toggle`}
      >
        {shown ? t('hide_table') : t('show_table')}
      </button>
      <div id={id} className={cn(shown ? 'mt-2 overflow-x-auto' : 'sr-only')} data-shown={shown || undefined}>
        <table className="w-full text-sm" data-testid={`${testId}-table`}>
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-stone-200">
              <th scope="col" className="px-2 py-1 text-start font-semibold text-stone-700">
                {categoryLabel}
              </th>
              {series.map((item) => (
                <th key={item.key} scope="col" className="px-2 py-1 text-end font-semibold text-stone-700">
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.key} className="border-b border-stone-100 last:border-0">
                <th scope="row" className="px-2 py-1 text-start font-normal text-stone-800">
                  {group.label}
                </th>
                {series.map((item) => {
                  const value = group.values[item.key];
                  return (
                    <td key={item.key} className="px-2 py-1 text-end whitespace-nowrap tabular-nums">
                      {value === null || value === undefined ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">{t('no_value')}</span>
                        </>
                      ) : (
                        formatValue(value)
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The colour key above a chart (the table's headers say the same to a screen reader). */
export function ChartLegend({ series }: { series: ChartSeries[] }) {
  return (
    <ul className="flex flex-wrap gap-4 text-xs text-stone-700" aria-hidden="true">
      {series.map((item) => (
        <li key={item.key} className="flex items-center gap-1.5">
          <span className={cn('inline-block size-3 rounded-sm', item.swatch)} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
