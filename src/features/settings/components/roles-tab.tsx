import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * Settings → Roles: roles and their permissions are managed on the Access screen (issue 14), which
 * has room for the permission matrix; this tab says so and leads there instead of repeating it.
 */
export function RolesTab() {
  const { t } = useTranslation('settings');
  return (
    <section
      className="grid max-w-2xl gap-3 rounded-xl border border-stone-200 bg-white p-5"
      data-testid="settings-roles"
    >
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        <p className="text-sm text-stone-700">{t('roles.explanation')}</p>
      </div>
      <div>
        <Button asChild>
          <Link to={paths.dashboard.section('access')}>{t('roles.open_access')}</Link>
        </Button>
      </div>
    </section>
  );
}
