import { useTranslation } from 'react-i18next';
import { NotReadyState } from '@/components/not-ready-state';
import { PageHeader } from '@/components/page-header';

export function VendorsPage() {
  const { t } = useTranslation('vendors');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <NotReadyState />
    </>
  );
}
