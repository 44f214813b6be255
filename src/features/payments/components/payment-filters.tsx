import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { useSearchBox } from '@/lib/use-debounced';
import type { PaymentsUrlState } from '../lib/payments-url';
import { PAYMENT_METHODS, type PaymentListParams, type PaymentMethod } from '../schemas';

export interface PaymentFiltersProps {
  params: PaymentListParams;
  onChange: (changes: Partial<PaymentsUrlState>) => void;
}

export function hasPaymentFilters(params: PaymentListParams): boolean {
  return Boolean(params.search || params.methods.length || params.dateFrom || params.dateTo);
}

/** Search (document number, guest, reference), method and the days paid. */
export function PaymentFilters({ params, onChange }: PaymentFiltersProps) {
  const { t } = useTranslation('payments');
  const [text, setText] = useSearchBox(params.search, (search) => onChange({ search }));
  const method = params.methods.length === 1 ? params.methods[0] : '';
  const inverted = Boolean(params.dateFrom && params.dateTo && params.dateTo < params.dateFrom);

  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-start">
      <Field label={t('history.filters.search')} compact className="sm:col-span-2 lg:col-span-1">
        <SearchInput
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('history.filters.search_placeholder')}
          data-testid="payments-search"
        />
      </Field>
      <Field label={t('history.filters.method')} compact>
        <Select
          value={method}
          onChange={(event) => onChange({ methods: event.target.value ? [event.target.value as PaymentMethod] : [] })}
          data-testid="payments-method-filter"
        >
          <option value="">{t('history.filters.all_methods')}</option>
          {PAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {t(`methods.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('history.filters.from')} compact>
        <Input
          type="date"
          value={params.dateFrom ?? ''}
          max={params.dateTo ?? undefined}
          onChange={(event) => onChange({ dateFrom: event.target.value || null })}
          data-testid="payments-from"
        />
      </Field>
      <Field label={t('history.filters.to')} compact error={inverted ? t('period.inverted') : undefined}>
        <Input
          type="date"
          value={params.dateTo ?? ''}
          min={params.dateFrom ?? undefined}
          onChange={(event) => onChange({ dateTo: event.target.value || null })}
          data-testid="payments-to"
        />
      </Field>
      {hasPaymentFilters(params) ? (
        <Button
          variant="ghost"
          className="lg:mt-5"
          onClick={() => {
            setText('');
            onChange({ search: '', methods: [], dateFrom: null, dateTo: null });
          }}
        >
          <X aria-hidden="true" />
          {t('actions.clear_filters')}
        </Button>
      ) : null}
    </div>
  );
}
