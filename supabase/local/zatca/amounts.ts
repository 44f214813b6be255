/**
 * The sandbox's arithmetic checks on a UBL invoice (EN 16931 BR-CO and the KSA line rules), in exact
 * decimals: every amount has at most 2 decimals, line net = price × quantity, line VAT and line total,
 * category VAT = taxable × rate (half-up), and the document totals add up.
 */
import type { Document, Element } from '@xmldom/xmldom';
import { error, type ValidationMessage } from './messages';
import { child, children, NS, text } from './xml';

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** Fixed-point value of decimal text at `scale` digits, or null when not a decimal or too precise. */
export function fixed(value: string, scale: number): bigint | null {
  if (!DECIMAL.test(value)) return null;
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > scale) return null;
  const units = BigInt(whole + trimmed.padEnd(scale, '0'));
  return value.startsWith('-') ? -units : units;
}

/** a / b rounded half away from zero. */
const roundDiv = (a: bigint, b: bigint) => {
  const negative = a < 0n;
  const q = ((negative ? -a : a) * 2n + b) / (2n * b);
  return negative ? -q : q;
};

const show = (halalas: bigint) => {
  const digits = (halalas < 0n ? -halalas : halalas).toString().padStart(3, '0');
  return `${halalas < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

const PRICE_SCALE = 8;

export function checkAmounts(doc: Document): ValidationMessage[] {
  const root = doc.documentElement!;
  const problems: ValidationMessage[] = [];
  const fail = (code: string, message: string) =>
    problems.push(error(code, code.startsWith('BR-KSA') ? 'KSA' : 'EN_16931', message));
  const money = (element: Element | undefined, what: string): bigint => {
    const value = fixed(text(element).trim(), 2);
    if (element && value === null)
      fail('BR-DEC-AMOUNT', `${what} "${text(element)}" is not an amount with at most 2 decimals`);
    return value ?? 0n;
  };
  const total = (name: string) =>
    money(child(child(root, NS.cac, 'LegalMonetaryTotal'), NS.cbc, name), `LegalMonetaryTotal/${name}`);

  let lineSum = 0n;
  const taxableByRate = new Map<string, bigint>();
  for (const line of children(root, NS.cac, 'InvoiceLine')) {
    const id = text(child(line, NS.cbc, 'ID'));
    const net = money(child(line, NS.cbc, 'LineExtensionAmount'), `line ${id} LineExtensionAmount`);
    lineSum += net;
    const price = child(line, NS.cac, 'Price');
    const unitPrice = fixed(text(child(price, NS.cbc, 'PriceAmount')).trim(), PRICE_SCALE);
    const quantity = fixed(text(child(line, NS.cbc, 'InvoicedQuantity')).trim(), PRICE_SCALE);
    const baseQuantity = fixed(text(child(price, NS.cbc, 'BaseQuantity')).trim() || '1', PRICE_SCALE);
    const discounts = children(price ?? line, NS.cac, 'AllowanceCharge').reduce(
      (sum, ac) => sum + (fixed(text(child(ac, NS.cbc, 'Amount')).trim(), PRICE_SCALE) ?? 0n),
      0n,
    );
    if (unitPrice === null || quantity === null || !baseQuantity) {
      fail('BR-KSA-EN16931-11', `line ${id}: price or quantity is not a decimal number`);
    } else {
      const expected = roundDiv((unitPrice - discounts) * quantity, baseQuantity * 10n ** BigInt(PRICE_SCALE - 2));
      if (expected !== net)
        fail('BR-KSA-EN16931-11', `line ${id}: net amount ${show(net)} is not price × quantity = ${show(expected)}`);
    }
    const category = child(child(line, NS.cac, 'Item'), NS.cac, 'ClassifiedTaxCategory');
    const rate = fixed(text(child(category, NS.cbc, 'Percent')).trim() || '0', 2) ?? 0n;
    const key = `${text(child(category, NS.cbc, 'ID'))}|${rate}`;
    taxableByRate.set(key, (taxableByRate.get(key) ?? 0n) + net);
    const lineTax = child(line, NS.cac, 'TaxTotal');
    const vat = money(child(lineTax, NS.cbc, 'TaxAmount'), `line ${id} TaxAmount`);
    const withVat = money(child(lineTax, NS.cbc, 'RoundingAmount'), `line ${id} RoundingAmount`);
    const expectedVat = roundDiv(net * rate, 10000n);
    if (lineTax && vat !== expectedVat)
      fail('BR-KSA-50', `line ${id}: VAT ${show(vat)} is not net × rate = ${show(expectedVat)}`);
    if (lineTax && withVat !== net + vat)
      fail('BR-KSA-51', `line ${id}: amount with VAT ${show(withVat)} is not net + VAT = ${show(net + vat)}`);
  }

  const lineExtension = total('LineExtensionAmount');
  const taxExclusive = total('TaxExclusiveAmount');
  const taxInclusive = total('TaxInclusiveAmount');
  const allowances = total('AllowanceTotalAmount');
  const charges = total('ChargeTotalAmount');
  const prepaid = total('PrepaidAmount');
  const rounding = total('PayableRoundingAmount');
  const payable = total('PayableAmount');
  if (lineExtension !== lineSum)
    fail('BR-CO-10', `LineExtensionAmount ${show(lineExtension)} is not the sum of line net amounts ${show(lineSum)}`);
  if (taxExclusive !== lineExtension - allowances + charges) {
    fail(
      'BR-CO-13',
      `TaxExclusiveAmount ${show(taxExclusive)} is not lines − allowances + charges = ${show(lineExtension - allowances + charges)}`,
    );
  }

  const taxTotals = children(root, NS.cac, 'TaxTotal');
  const documentTax = money(child(taxTotals[0], NS.cbc, 'TaxAmount'), 'TaxTotal/TaxAmount');
  const subtotals = taxTotals.flatMap((t) => children(t, NS.cac, 'TaxSubtotal'));
  let subtotalSum = 0n;
  for (const subtotal of subtotals) {
    const category = child(subtotal, NS.cac, 'TaxCategory');
    const rate = fixed(text(child(category, NS.cbc, 'Percent')).trim() || '0', 2) ?? 0n;
    const id = text(child(category, NS.cbc, 'ID'));
    const taxable = money(child(subtotal, NS.cbc, 'TaxableAmount'), `TaxSubtotal ${id} TaxableAmount`);
    const tax = money(child(subtotal, NS.cbc, 'TaxAmount'), `TaxSubtotal ${id} TaxAmount`);
    subtotalSum += tax;
    const expectedTax = roundDiv(taxable * rate, 10000n);
    if (tax !== expectedTax)
      fail(
        `BR-${id || 'S'}-09`,
        `VAT of category ${id} is ${show(tax)}, taxable ${show(taxable)} × ${show(rate)} % = ${show(expectedTax)}`,
      );
    const linesTaxable = taxableByRate.get(`${id}|${rate}`) ?? 0n;
    if (taxable !== linesTaxable)
      fail(
        `BR-${id || 'S'}-08`,
        `taxable amount of category ${id} is ${show(taxable)}, its lines add up to ${show(linesTaxable)}`,
      );
  }
  if (subtotals.length === 0) fail('BR-CO-18', 'The invoice has no VAT breakdown (TaxSubtotal)');
  if (documentTax !== subtotalSum)
    fail('BR-CO-14', `TaxTotal ${show(documentTax)} is not the sum of the VAT breakdown ${show(subtotalSum)}`);
  if (taxInclusive !== taxExclusive + documentTax) {
    fail(
      'BR-CO-15',
      `TaxInclusiveAmount ${show(taxInclusive)} is not TaxExclusiveAmount + VAT = ${show(taxExclusive + documentTax)}`,
    );
  }
  if (payable !== taxInclusive - prepaid + rounding) {
    fail(
      'BR-CO-16',
      `PayableAmount ${show(payable)} is not TaxInclusiveAmount − PrepaidAmount = ${show(taxInclusive - prepaid + rounding)}`,
    );
  }
  return problems;
}
