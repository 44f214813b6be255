/**
 * The print view of the invoice page: A4, only the tax document (the app's frame, actions and
 * side panels are hidden), black on white. Rendered by the invoice page only, so printing any
 * other screen is unchanged.
 */
const PRINT_CSS = `
@page { size: A4; margin: 12mm; }
@media print {
  body * { visibility: hidden !important; }
  .tax-invoice, .tax-invoice * { visibility: visible !important; }
  .tax-invoice { position: absolute; inset: 0 auto auto 0; width: 100%; color: #000; }
  .tax-invoice table { page-break-inside: auto; }
  .tax-invoice tr { page-break-inside: avoid; }
  html, body { background: #fff !important; }
}
`;

export function PrintStyles() {
  return (
    <style href="nuzl-invoice-print" precedence="default">
      {PRINT_CSS}
    </style>
  );
}
