import { useTranslation } from 'react-i18next';

/**
 * Every organisation starts with the task template "Turnover cleaning" and the rule "Cleaning after
 * check-out" (migration 20261129620200), named once in English in the database. On an Arabic screen
 * a name still carrying its default is shown translated (automation.json `defaults`); a name the
 * organisation chose is shown as written — as lib/message-template-name does for message templates.
 */
export const DEFAULT_AUTOMATION_NAMES = {
  'Cleaning after check-out': 'cleaning_rule',
  'Turnover cleaning': 'turnover_template',
} as const;

export function defaultAutomationKey(
  name: string,
): (typeof DEFAULT_AUTOMATION_NAMES)[keyof typeof DEFAULT_AUTOMATION_NAMES] | null {
  return Object.hasOwn(DEFAULT_AUTOMATION_NAMES, name)
    ? DEFAULT_AUTOMATION_NAMES[name as keyof typeof DEFAULT_AUTOMATION_NAMES]
    : null;
}

/** A rule's or task template's name as the reader should see it. */
export function useAutomationName(): (name: string) => string {
  const { t } = useTranslation('automation');
  return (name) => {
    const key = defaultAutomationKey(name);
    return key ? t(`defaults.${key}`) : name;
  };
}
