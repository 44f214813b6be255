import { useTranslation } from 'react-i18next';
import { NotReadyState } from '@/components/not-ready-state';
import { PageHeader } from '@/components/page-header';

export function UsersPage() {
  const { t } = useTranslation('users');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <NotReadyState />
    </>
  );
}
