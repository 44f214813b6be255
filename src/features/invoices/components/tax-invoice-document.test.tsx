import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleInvoice } from '../lib/sample-invoice';
import { taxDocument } from '../lib/tax-document';
import { TaxInvoiceDocument } from './tax-invoice-document';

describe('TaxInvoiceDocument', () => {
  it('shows the total in words under the totals, English left to right and Arabic right to left', () => {
    render(<TaxInvoiceDocument document={taxDocument(sampleInvoice())} />);
    const words = screen.getByTestId('doc-total-words');
    expect(words).toHaveTextContent('Total in words');
    expect(words).toHaveTextContent('المبلغ كتابةً');
    const english = screen.getByTestId('doc-total-words-en');
    expect(english).toHaveTextContent('One thousand seven hundred twenty-five Saudi riyals only');
    expect(english).toHaveAttribute('dir', 'ltr');
    expect(english).toHaveAttribute('lang', 'en');
    const arabic = screen.getByTestId('doc-total-words-ar');
    expect(arabic).toHaveTextContent('ألف وسبعمائة وخمسة وعشرون ريالاً سعودياً فقط لا غير');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    expect(arabic).toHaveAttribute('lang', 'ar');
    // After the totals in reading order.
    expect(
      screen.getByTestId('doc-total').compareDocumentPosition(words) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('writes a foreign-currency invoice total in words in its own currency, with its minor unit', () => {
    const invoice = sampleInvoice({ currency: 'USD', exchange_rate: 3.75, total_amount: 1311.25 });
    render(<TaxInvoiceDocument document={taxDocument(invoice)} />);
    expect(screen.getByTestId('doc-total-words-en')).toHaveTextContent(
      'One thousand three hundred eleven US dollars and twenty-five cents only',
    );
    expect(screen.getByTestId('doc-total-words-ar')).toHaveTextContent(
      'ألف وثلاثمائة وأحد عشر دولاراً أمريكياً وخمسة وعشرون سنتاً فقط لا غير',
    );
  });

  it('writes a credit note total, shown positive, in words', () => {
    const invoice = sampleInvoice({ document_type: 'credit_note', total_amount: 0.5 });
    render(<TaxInvoiceDocument document={taxDocument(invoice)} />);
    expect(screen.getByTestId('doc-total-words-en')).toHaveTextContent('Fifty halalas only');
    expect(screen.getByTestId('doc-total-words-ar')).toHaveTextContent('خمسون هللة فقط لا غير');
  });
});
