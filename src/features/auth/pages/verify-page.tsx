import { useTranslation } from 'react-i18next';
import { NotReadyState } from '@/components/not-ready-state';
import { PageHeader } from '@/components/page-header';

export function VerifyPage() {
  const { t } = useTranslation('auth');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <PageHeader title={t('verify.title')} description={t('verify.description')} />
      <NotReadyState />
    </div>
  );
}
