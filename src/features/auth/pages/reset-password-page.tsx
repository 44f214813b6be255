import { useTranslation } from 'react-i18next';
import { NotReadyState } from '@/components/not-ready-state';
import { PageHeader } from '@/components/page-header';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <PageHeader title={t('reset_password.title')} description={t('reset_password.description')} />
      <NotReadyState />
    </div>
  );
}
