import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';
import { useTemplateName } from '@/lib/message-template-name';
import type { MessageTemplate } from '../schemas';

export interface TemplatePickerProps {
  id: string;
  templates: MessageTemplate[];
  value: string | null;
  /** Outside WhatsApp's 24-hour window: only templates with an approved WhatsApp name can go. */
  onlyApproved: boolean;
  onChange: (templateId: string | null) => void;
}

/** The organisation's templates, the manual ones and the automatic messages' texts in two groups. */
export function TemplatePicker({ id, templates, value, onlyApproved, onChange }: TemplatePickerProps) {
  const { t } = useTranslation('inbox');
  const templateName = useTemplateName();
  const manual = templates.filter((template) => template.kind === null);
  const automatic = templates.filter((template) => template.kind !== null);
  const option = (template: MessageTemplate) => (
    <option key={template.id} value={template.id} disabled={onlyApproved && !template.whatsapp_template_name}>
      {templateName(template.name)}
    </option>
  );
  return (
    <label className="flex min-w-40 flex-1 flex-col gap-1 text-xs font-medium text-stone-700" htmlFor={id}>
      {t('composer.template')}
      <Select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        data-testid="composer-template"
      >
        <option value="">{t('composer.no_template')}</option>
        {manual.length > 0 ? <optgroup label={t('composer.manual_templates')}>{manual.map(option)}</optgroup> : null}
        {automatic.length > 0 ? (
          <optgroup label={t('composer.automatic_templates')}>{automatic.map(option)}</optgroup>
        ) : null}
      </Select>
    </label>
  );
}
