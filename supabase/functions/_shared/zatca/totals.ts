// Line and document amounts of an invoice, in halalas (docs/zatca.md "Rounding"):
//   line net   = round(unit price × quantity)                      (BT-131)
//   line VAT   = round(line net × rate)                            (KSA-11, BR-KSA-50)
//   line total = line net + line VAT                               (KSA-12, BR-KSA-51)
//   category VAT = round(Σ line nets of the category × rate)       (BT-117: on the total, not Σ line VATs)
//   document VAT = Σ category VAT; total with VAT = Σ nets + document VAT.
import { EXEMPTION_REASONS, type Invoice, type InvoiceLine, type LineVat } from './invoice-schema.ts';
import { lineNetHalalas, vatHalalas } from './money.ts';

export interface LineAmounts {
  line: InvoiceLine;
  net: bigint;
  vat: bigint;
  total: bigint;
}

export interface CategoryTotal {
  category: LineVat['category'];
  /** Percent as text ('15', '0'). */
  rate: string;
  exemptionCode?: string;
  exemptionReason?: string;
  taxable: bigint;
  tax: bigint;
}

export interface InvoiceTotals {
  lines: LineAmounts[];
  categories: CategoryTotal[];
  lineExtension: bigint;
  taxExclusive: bigint;
  tax: bigint;
  taxInclusive: bigint;
  payable: bigint;
}

export const rateOf = (vat: LineVat): string => (vat.category === 'S' ? vat.rate : '0');

function categoryKey(vat: LineVat): string {
  return vat.category === 'S' ? `S|${vat.rate}` : `${vat.category}|${vat.exemptionCode}|${vat.exemptionReason ?? ''}`;
}

export function computeTotals(invoice: Pick<Invoice, 'lines'>): InvoiceTotals {
  const lines = invoice.lines.map((line) => {
    const net = lineNetHalalas(line.unitPrice, line.quantity);
    const vat = vatHalalas(net, rateOf(line.vat));
    return { line, net, vat, total: net + vat };
  });
  const byCategory = new Map<string, CategoryTotal>();
  for (const { line, net } of lines) {
    const key = categoryKey(line.vat);
    const total = byCategory.get(key) ?? {
      category: line.vat.category,
      rate: rateOf(line.vat),
      ...(line.vat.category === 'S'
        ? {}
        : {
            exemptionCode: line.vat.exemptionCode,
            exemptionReason: line.vat.exemptionReason ?? EXEMPTION_REASONS[line.vat.exemptionCode],
          }),
      taxable: 0n,
      tax: 0n,
    };
    total.taxable += net;
    byCategory.set(key, total);
  }
  const categories = [...byCategory.values()].map((c) => ({ ...c, tax: vatHalalas(c.taxable, c.rate) }));
  const lineExtension = lines.reduce((sum, l) => sum + l.net, 0n);
  const tax = categories.reduce((sum, c) => sum + c.tax, 0n);
  return {
    lines,
    categories,
    lineExtension,
    taxExclusive: lineExtension,
    tax,
    taxInclusive: lineExtension + tax,
    payable: lineExtension + tax,
  };
}
