import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { useMessageAutomations } from '../api/get-message-automations';
import { AUTOMATIC_KINDS, type AutomaticKind, type MessageTemplate } from '../lib/message-template-schema';
import { AutomationRow } from './automation-row';

interface AutomationsSectionProps {
  canManage: boolean;
  templates: MessageTemplate[];
  onEditTemplate: (template: MessageTemplate) => void;
}

/** The automatic messages to guests: one row per kind, each with its switch, timing and template. */
export function AutomationsSection({ canManage, templates, onEditTemplate }: AutomationsSectionProps) {
  const { t } = useTranslation('messaging');
  const automations = useMessageAutomations();
  const templateOf = (kind: AutomaticKind) => templates.find((template) => template.kind === kind);

  return (
    <section
      aria-labelledby="message-automations-title"
      className="flex flex-col gap-3"
      data-testid="message-automations"
    >
      <div>
        <h3 id="message-automations-title" className="text-base font-semibold text-stone-900">
          {t('automations.title')}
        </h3>
        <p className="text-sm text-stone-600">{t('automations.intro')}</p>
      </div>
      {automations.isPending ? <Spinner label={t('loading')} /> : null}
      {automations.error ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(automations.error)}
        </p>
      ) : null}
      {automations.data ? (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          {AUTOMATIC_KINDS.map((kind) => {
            const template = templateOf(kind);
            return (
              <AutomationRow
                // Remounts with the saved days once they load or change.
                key={`${kind}-${automations.data.find((row) => row.kind === kind)?.days ?? ''}`}
                kind={kind}
                automation={automations.data.find((row) => row.kind === kind)}
                canManage={canManage}
                onEditTemplate={template ? () => onEditTemplate(template) : undefined}
              />
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
