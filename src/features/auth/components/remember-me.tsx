import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export function RememberMe({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('auth');
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="mt-0.5 size-4 rounded border-stone-300 accent-primary-700"
        aria-describedby={`${id}-hint`}
        data-testid="remember-me"
      />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-stone-900">
          {t('login.remember_me')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {checked ? t('login.remember_me_on') : t('login.remember_me_off')}
        </p>
      </div>
    </div>
  );
}
