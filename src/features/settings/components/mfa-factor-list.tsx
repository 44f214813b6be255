import type { Factor } from '@supabase/supabase-js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useRemoveFactor } from '../api/mfa-factors';
import { SecurityAlert } from './security-alert';
import { securityErrorReason } from './security-error';

/** The user's factors with their status; removal asks for confirmation (SPEC §6 style). */
export function MfaFactorList({ factors }: { factors: Factor[] }) {
  const { t } = useTranslation('settings');
  const remove = useRemoveFactor();
  const [pending, setPending] = useState<Factor | null>(null);
  const { timeZone } = useOrganizationSettings();

  if (factors.length === 0)
    return (
      <p className="text-sm text-stone-600" data-testid="mfa-none">
        {t('security.mfa.none')}
      </p>
    );

  return (
    <>
      <ul className="divide-y divide-stone-200 rounded-md border border-stone-200" data-testid="mfa-factors">
        {factors.map((factor) => (
          <li
            key={factor.id}
            className="flex flex-wrap items-center gap-3 p-3 text-sm"
            data-testid="mfa-factor"
            data-status={factor.status}
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium text-stone-900">{factor.friendly_name || t('security.mfa.default_name')}</p>
              <p className="text-xs text-stone-600">
                {t(`security.mfa.types.${factor.factor_type === 'phone' ? 'phone' : 'totp'}`)} ·{' '}
                {t('security.mfa.added', {
                  date: formatDate(factor.created_at, currentLanguage(), 'medium', timeZone),
                })}
              </p>
            </div>
            <Badge variant={factor.status === 'verified' ? 'success' : 'warning'}>
              {factor.status === 'verified' ? t('security.mfa.verified') : t('security.mfa.unverified')}
            </Badge>
            <Button size="sm" variant="outline" onClick={() => setPending(factor)} data-testid="mfa-remove">
              {t('security.mfa.remove')}
            </Button>
          </li>
        ))}
      </ul>
      {remove.error ? (
        <SecurityAlert title={t('security.errors.remove_failed')} reason={securityErrorReason(remove.error, t)} />
      ) : null}
      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>{t('security.mfa.remove_title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('security.mfa.remove_description', { name: pending?.friendly_name ?? '' })}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('security.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              data-testid="mfa-remove-confirm"
              onClick={() => {
                if (pending) remove.mutate(pending.id);
                setPending(null);
              }}
            >
              {t('security.mfa.remove')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
