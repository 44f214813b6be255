import type { ReactNode } from 'react';

/**
 * Prints only its content: while it is on screen, the page's print stylesheet hides everything
 * else (the dashboard's navigation and header included) and lays the content out from the top
 * of the sheet. Its own controls carry `print:hidden`.
 */
export function PrintArea({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div data-print-area="" data-testid={testId}>
      <style>{`@media print {
  @page { size: A4; margin: 15mm; }
  body * { visibility: hidden; }
  [data-print-area], [data-print-area] * { visibility: visible; }
  [data-print-area] { position: absolute; inset-block-start: 0; inset-inline: 0; }
}`}</style>
      {children}
    </div>
  );
}
