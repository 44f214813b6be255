import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useConsoleFormat } from '../lib/use-console-format';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  testId: string;
}

/** Previous / next under a server-paged list, with "Page 2 of 5". */
export function Pager({ page, pageSize, total, onPage, testId }: PagerProps) {
  const { t } = useTranslation('super-admin');
  const { number } = useConsoleFormat();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="mt-4 flex items-center justify-between gap-3" aria-label={t('pager.label')} data-testid={testId}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t('pager.previous')}
      </Button>
      <span className="text-sm text-stone-600">{t('pager.status', { page: number(page), pages: number(pages) })}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
        <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
      </Button>
    </nav>
  );
}
