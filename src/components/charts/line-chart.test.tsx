import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { BarChart } from './bar-chart';
import { LineChart } from './line-chart';

const series = [
  {
    key: 'occupancy',
    label: 'Occupancy',
    fill: 'fill-primary-700',
    stroke: 'stroke-primary-700',
    swatch: 'bg-primary-700',
  },
];
const groups = [
  { key: '2026-01', label: 'Jan 2026', values: { occupancy: 0.5 } },
  { key: '2026-02', label: 'Feb 2026', values: { occupancy: null } },
  { key: '2026-03', label: 'Mar 2026', values: { occupancy: 0.75 } },
];
const percent = (value: number) => `${Math.round(value * 100)}%`;

function renderLine() {
  return render(
    <I18nextProvider i18n={i18n}>
      <LineChart
        title="Occupancy by month"
        summary="Occupancy from January to March"
        series={series}
        groups={groups}
        formatValue={percent}
        formatAxis={percent}
        minTop={1}
        testId="occupancy-chart"
      />
    </I18nextProvider>,
  );
}

describe('LineChart', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('keeps its figures as a table in the accessibility tree, shown on demand, a missing figure said as such', async () => {
    renderLine();
    // Hidden visually, yet a screen reader reaches it: the table is found by role before the toggle.
    const table = screen.getByRole('table', { name: 'Occupancy by month' });
    expect(table.parentElement).toHaveClass('sr-only');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MonthOccupancy',
      'Jan 202650%',
      'Feb 2026—no figure',
      'Mar 202675%',
    ]);
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(table.parentElement).not.toHaveClass('sr-only');
    expect(screen.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('makes every known point a Tab stop named by its month and value; the line breaks at the gap', async () => {
    renderLine();
    const points = screen.getAllByTestId('occupancy-chart-point');
    expect(points).toHaveLength(2);
    await userEvent.tab();
    expect(points[0]).toHaveFocus();
    expect(points[0]).toHaveAccessibleName('Jan 2026 · Occupancy: 50%');
    await userEvent.tab();
    expect(points[1]).toHaveAccessibleName('Mar 2026 · Occupancy: 75%');
    // Two separate runs (M … M …), not a line drawn through the missing February.
    const path = document.querySelector('path')?.getAttribute('d') ?? '';
    expect(path.match(/M/g)).toHaveLength(2);
    expect(path).not.toContain('L');
  });

  it('runs time from the right in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderLine();
    const [first, last] = screen
      .getAllByTestId('occupancy-chart-point')
      .map((point) => Number(point.getAttribute('cx')));
    expect(first).toBeGreaterThan(last ?? Infinity);
    expect(screen.getByRole('button', { name: 'عرض كجدول' })).toBeInTheDocument();
  });
});

describe('BarChart', () => {
  it('names each bar and lists the same figures in its table', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <BarChart
          title="Revenue"
          summary="Revenue by month"
          series={[{ key: 'booked', label: 'Booked', fill: 'fill-primary-700', swatch: 'bg-primary-700' }]}
          groups={[{ key: '2026-01', label: 'Jan 2026', values: { booked: 1200 } }]}
          formatValue={(value) => `SAR ${value}`}
          testId="revenue-chart"
        />
      </I18nextProvider>,
    );
    expect(screen.getByRole('img', { name: 'Jan 2026 · Booked: SAR 1200' })).toHaveAttribute('tabindex', '0');
    expect(within(screen.getByRole('table', { name: 'Revenue' })).getByRole('cell').textContent).toBe('SAR 1200');
  });
});
