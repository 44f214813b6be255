import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { AGING_BUCKETS, DOCUMENT_TYPES, INVOICE_STATUSES } from '@/domain/invoices';
import { useSearchBox } from '@/lib/use-debounced';
import type { InvoicesUrlPatch } from '../lib/use-invoice-list-params';
import { invoiceSortColumns, type InvoiceListParams } from '../schemas';

export interface InvoiceFiltersProps {
  params: InvoiceListParams;
  onChange: (changes: InvoicesUrlPatch) => void;
}

/** Search by number or client, status, document type, aging bucket, and the sort. */
export function InvoiceFilters({ params, onChange }: InvoiceFiltersProps) {
  const { t } = useTranslation('invoices');
  const [text, setText] = useSearchBox(params.search, (search) => onChange({ search }));
  const filtered = Boolean(params.search || params.statuses.length || params.documentTypes.length || params.aging);
  const status = params.statuses.length === 1 ? params.statuses[0] : '';
  const type = params.documentTypes.length === 1 ? params.documentTypes[0] : '';

  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_repeat(4,1fr)_auto] lg:items-end">
      <Field label={t('list.search')} compact className="sm:col-span-2 lg:col-span-1">
        <SearchInput
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('list.search_placeholder')}
          data-testid="invoices-search"
        />
      </Field>
      <Field label={t('list.status')} compact>
        <Select
          value={status}
          onChange={(event) => onChange({ statuses: event.target.value ? [event.target.value as never] : [] })}
          data-testid="invoices-status-filter"
        >
          <option value="">{t('list.all')}</option>
          {INVOICE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`status.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('list.type')} compact>
        <Select
          value={type}
          onChange={(event) => onChange({ documentTypes: event.target.value ? [event.target.value as never] : [] })}
          data-testid="invoices-type-filter"
        >
          <option value="">{t('list.all')}</option>
          {DOCUMENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`document_type.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('list.aging')} compact>
        <Select
          value={params.aging ?? ''}
          onChange={(event) => onChange({ aging: (event.target.value || null) as InvoicesUrlPatch['aging'] })}
          data-testid="invoices-aging-filter"
        >
          <option value="">{t('list.all')}</option>
          {AGING_BUCKETS.map((value) => (
            <option key={value} value={value}>
              {t(`aging.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('list.sort')} compact>
        <Select
          value={`${params.sort}:${params.ascending ? 'asc' : 'desc'}`}
          onChange={(event) => {
            const [sort, dir] = event.target.value.split(':') as [InvoiceListParams['sort'], 'asc' | 'desc'];
            onChange({ sort, dir });
          }}
          data-testid="invoices-sort"
        >
          {invoiceSortColumns.flatMap((column) =>
            (['desc', 'asc'] as const).map((dir) => (
              <option key={`${column}:${dir}`} value={`${column}:${dir}`}>
                {`${t(`list.sort_by.${column}`)} — ${t(`list.direction_${dir}`)}`}
              </option>
            )),
          )}
        </Select>
      </Field>
      {filtered ? (
        <Button
          variant="ghost"
          onClick={() => {
            setText('');
            onChange({ search: '', statuses: [], documentTypes: [], aging: null });
          }}
        >
          <X aria-hidden="true" />
          {t('actions.clear_filters')}
        </Button>
      ) : null}
    </div>
  );
}
