import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { isLanguage } from '@/lib/i18n';

export interface ListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

/**
 * "1–25 of 1,204" with previous/next, for every paged list (clients, bookings, units); the
 * chevrons mirror in RTL. The summary is a polite live region, so a screen reader hears where a
 * Next or Previous press (which keeps the focus on the button) has landed.
 */
export function ListPagination({ page, pageSize, total, onPageChange }: ListPaginationProps) {
  const { t, i18n } = useTranslation('common');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={t('pagination.label')}
      className="flex items-center justify-between gap-4 py-3 text-sm text-stone-700"
    >
      <p data-testid="pagination-summary" aria-live="polite">
        {t('pagination.summary', {
          from: formatNumber(from, language),
          to: formatNumber(to, language),
          total: formatNumber(total, language),
        })}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
          {t('pagination.previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          {t('pagination.next')}
          <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
        </Button>
      </div>
    </nav>
  );
}
