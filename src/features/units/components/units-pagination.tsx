import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

export function UnitsPagination({ page, pageCount, onPageChange }: { page: number; pageCount: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation('units');
  const language = currentLanguage();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="mt-4 flex items-center justify-center gap-3">
      <Button variant="outline" size="icon" disabled={page <= 1} onClick={() => onPageChange(page - 1)} aria-label={t('pagination.previous')}>
        <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
      </Button>
      <span className="text-sm text-stone-700" aria-live="polite">
        {t('pagination.page', { page: formatNumber(page, language), pages: formatNumber(pageCount, language) })}
      </span>
      <Button variant="outline" size="icon" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)} aria-label={t('pagination.next')}>
        <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
      </Button>
    </nav>
  );
}
