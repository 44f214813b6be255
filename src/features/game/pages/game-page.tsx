import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';

export function GamePage() {
  const { t } = useTranslation('game');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10">
      <PageHeader title={t('title')} />
    </div>
  );
}
