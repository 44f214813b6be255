import { ArrowDown, ArrowUp, Crown, Pencil, Trash2 } from 'lucide-react';
import { DualDate } from '@/components/dual-date';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';
import { formatPhone } from '@/domain/phone';
import type { ClientRow } from '../api/get-clients';
import { nationalityName } from '../lib/nationalities';
import type { ClientSort } from '../schemas';

export interface ClientsTableProps {
  rows: ClientRow[];
  sort: ClientSort;
  ascending: boolean;
  onSort: (sort: ClientSort) => void;
  onOpen: (client: ClientRow) => void;
  /** Left out for a role without clients.write: the row then has no edit or delete button. */
  onEdit?: (client: ClientRow) => void;
  onDelete?: (client: ClientRow) => void;
}

export function ClientsTable({ rows, sort, ascending, onSort, onOpen, onEdit, onDelete }: ClientsTableProps) {
  const writable = onEdit !== undefined || onDelete !== undefined;
  const { t, i18n } = useTranslation('clients');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';

  const sortHeader = (column: ClientSort, label: string) => (
    <th
      scope="col"
      aria-sort={sort === column ? (ascending ? 'ascending' : 'descending') : undefined}
      className="px-3 py-2 text-start"
    >
      <button type="button" className="inline-flex items-center gap-1 font-semibold" onClick={() => onSort(column)}>
        {label}
        {sort === column ? (
          ascending ? (
            <ArrowUp aria-hidden="true" className="size-3.5" />
          ) : (
            <ArrowDown aria-hidden="true" className="size-3.5" />
          )
        ) : null}
      </button>
    </th>
  );

  return (
    <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table className="w-full min-w-[760px] text-sm" data-testid="clients-table">
        <thead className="bg-stone-50 text-stone-700">
          <tr>
            {sortHeader('name', t('fields.name'))}
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {t('fields.phone')}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {t('fields.email')}
            </th>
            {sortHeader('nationality', t('fields.nationality'))}
            {sortHeader('member_since', t('fields.member_since'))}
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {t('table.bookings')}
            </th>
            {writable ? (
              <th scope="col" className="px-3 py-2 text-end font-semibold">
                <span className="sr-only">{t('table.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((client) => (
            <tr key={client.id} className="border-t border-stone-100 hover:bg-stone-50" data-testid="client-row">
              <td className="px-3 py-2">
                <button
                  type="button"
                  className="inline-flex items-center gap-2 font-medium text-primary-800 hover:underline"
                  onClick={() => onOpen(client)}
                >
                  {client.name}
                </button>
                {client.is_vip ? (
                  <Badge variant="warning" className="ms-2">
                    <Crown aria-hidden="true" className="size-3" />
                    {t('fields.is_vip')}
                  </Badge>
                ) : null}
              </td>
              <td className="px-3 py-2" dir="ltr">
                {formatPhone(client.phone)}
              </td>
              <td className="px-3 py-2" dir="ltr">
                {client.email ?? ''}
              </td>
              <td className="px-3 py-2">{nationalityName(client.nationality, language)}</td>
              <td className="px-3 py-2">
                <DualDate value={client.member_since} stacked />
              </td>
              <td className="px-3 py-2">{formatNumber(client.bookings_count, language)}</td>
              {writable ? (
                <td className="px-3 py-2 text-end whitespace-nowrap">
                  {onEdit ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('actions.edit_named', { name: client.name })}
                      onClick={() => onEdit(client)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                  ) : null}
                  {onDelete ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('actions.delete_named', { name: client.name })}
                      onClick={() => onDelete(client)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
