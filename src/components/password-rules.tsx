import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { passwordRules } from '@/domain/password';

/**
 * The new-password rules, ticked off while typing (a recovery link, an invitation, Settings →
 * Security). A screen reader hears each rule with "(met)" or "(not met yet)".
 */
export function PasswordRules({ value }: { value: string }) {
  const { t } = useTranslation('common');
  return (
    <ul className="flex flex-col gap-1 text-xs" aria-label={t('password_rules.label')}>
      {passwordRules.map((rule) => {
        const ok = rule.test(value);
        return (
          <li
            key={rule.id}
            className={ok ? 'flex items-center gap-1.5 text-emerald-800' : 'flex items-center gap-1.5 text-stone-600'}
          >
            {ok ? <Check aria-hidden="true" className="size-3.5" /> : <X aria-hidden="true" className="size-3.5" />}
            {t(`password_rules.${rule.id}`)}
            <span className="sr-only">{ok ? t('password_rules.met') : t('password_rules.unmet')}</span>
          </li>
        );
      })}
    </ul>
  );
}
