import { useTranslation } from 'react-i18next';
import { MESSAGE_VARIABLES, type MessageVariable } from '@/lib/message-variables';

/**
 * One button per known variable; a click puts `{{name}}` where the cursor was in the text field
 * last used (the dialog keeps track of which and where).
 */
export function VariableChips({
  onInsert,
  disabled,
}: {
  onInsert: (name: MessageVariable) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('messaging');
  return (
    <div role="group" aria-label={t('templates.form.variables')} className="flex flex-col gap-1.5">
      <p aria-hidden="true" className="text-sm font-medium text-stone-900">
        {t('templates.form.variables')}
      </p>
      <p className="text-xs text-stone-600">{t('templates.form.variables_hint')}</p>
      <div className="flex flex-wrap gap-1.5">
        {MESSAGE_VARIABLES.map((name) => (
          <button
            key={name}
            type="button"
            disabled={disabled}
            // Keep the text field's selection: a mousedown here would blur it first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(name)}
            title={`{{${name}}}`}
            data-testid={`variable-chip-${name}`}
            className="rounded-full border border-stone-300 bg-stone-50 px-2.5 py-0.5 text-xs text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary-600 disabled:opacity-50"
          >
            {t(`variables.${name}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
