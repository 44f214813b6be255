import { useTranslation } from 'react-i18next';
import { findUnknownVariables } from '@/lib/message-variables';

/** Under a text field: the `{{names}}` in it that are not variables, as they are typed. */
export function UnknownVariablesNote({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation('messaging');
  const unknown = findUnknownVariables(text);
  if (unknown.length === 0) return null;
  return (
    <p className="text-xs font-medium text-amber-800" data-testid={testId} aria-live="polite">
      {t('templates.form.unknown_variables', {
        count: unknown.length,
        names: unknown.map((name) => `{{${name}}}`).join(t('templates.form.list_separator')),
      })}
    </p>
  );
}
