import { useTranslation } from 'react-i18next';
import { NotReadyState } from '@/components/not-ready-state';
import { PageHeader } from '@/components/page-header';

export function OverviewPage() {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <NotReadyState />
    </>
  );
}
