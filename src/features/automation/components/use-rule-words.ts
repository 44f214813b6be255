import { useTranslation } from 'react-i18next';
import { useTemplateName } from '@/lib/message-template-name';
import type { AutomationChoices } from '../api/get-automation-choices';
import { useAutomationName } from '../lib/default-names';
import type { AutomationRule, TaskTemplate } from '../lib/automation-schema';

/**
 * A rule in words, in the reader's language: "When a guest checks out → create the task
 * “Turnover cleaning”". Names come from the lists the screen already has; a missing one (deleted,
 * or not readable) reads as the action alone.
 */
export function useRuleWords(templates: readonly TaskTemplate[], choices: AutomationChoices | undefined) {
  const { t } = useTranslation('automation');
  const templateName = useTemplateName();
  const displayName = useAutomationName();
  return (rule: AutomationRule): { when: string; then: string } => {
    const config = rule.action_config;
    const when = t(`triggers.${rule.trigger}`, { defaultValue: rule.trigger });
    let target = '';
    if (rule.action === 'create_task') {
      const found = templates.find((row) => row.id === config.task_template_id);
      target = found ? displayName(found.name) : '';
    } else if (rule.action.startsWith('send_')) {
      const found = choices?.messageTemplates.find((row) => row.id === config.message_template_id);
      target = found ? templateName(found.name) : '';
    } else if (rule.action === 'notify_team') {
      const role = choices?.roles.find((row) => row.id === config.role_id);
      const user = choices?.staff.find((row) => row.user_id === config.user_id);
      target = role ? (role.key ? t(`roles.${role.key}`) : role.name) : (user?.full_name ?? user?.email ?? '');
    }
    const action = t(`actions.${rule.action}`, { defaultValue: rule.action });
    return { when, then: target ? t('rule_target', { action, target }) : action };
  };
}
