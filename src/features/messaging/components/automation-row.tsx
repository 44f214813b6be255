import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { readTypedNumber } from '@/lib/digits';
import { useSaveMessageAutomation } from '../api/save-message-automation';
import { DAYS_RANGE, type AutomaticKind, type MessageAutomation } from '../lib/message-template-schema';

interface AutomationRowProps {
  kind: AutomaticKind;
  automation: MessageAutomation | undefined;
  canManage: boolean;
  /** Opens the dialog of this kind's template; absent when it has none (the built-in text is sent). */
  onEditTemplate?: () => void;
}

/** One automatic message: on or off, when it goes, its days where it has some, its template. */
export function AutomationRow({ kind, automation, canManage, onEditTemplate }: AutomationRowProps) {
  const { t } = useTranslation('messaging');
  const save = useSaveMessageAutomation();
  const range = DAYS_RANGE[kind];
  const enabled = automation?.enabled ?? true;
  const savedDays = automation?.days ?? null;
  const [days, setDays] = useState(savedDays === null ? '' : String(savedDays));
  const typedDays = readTypedNumber(days);
  const daysValid =
    range !== undefined &&
    typedDays !== undefined &&
    Number.isInteger(typedDays) &&
    typedDays >= range.min &&
    typedDays <= range.max;
  const title = t(`automations.kinds.${kind}.title`);

  return (
    <li className="flex flex-col gap-2 p-3" data-testid={`automation-${kind}`}>
      <div className="flex flex-wrap items-start gap-3">
        <label className="flex flex-1 items-start gap-3">
          <input
            type="checkbox"
            role="switch"
            className="mt-1 size-4 accent-primary-700"
            checked={enabled}
            disabled={!canManage || save.isPending}
            aria-checked={enabled}
            onChange={(event) => save.mutate({ kind, enabled: event.target.checked, days: savedDays })}
            data-testid={`automation-toggle-${kind}`}
          />
          <span className="flex flex-col">
            <span className="text-sm font-medium text-stone-900">{title}</span>
            <span className="text-sm text-stone-600">
              {range
                ? t(`automations.kinds.${kind}.when`, { count: savedDays ?? 0 })
                : t(`automations.kinds.${kind}.when`)}
            </span>
          </span>
        </label>
        {onEditTemplate ? (
          <Button
            type="button"
            variant="link"
            size="sm"
            onClick={onEditTemplate}
            data-testid={`automation-template-${kind}`}
          >
            {t(canManage ? 'automations.edit_template' : 'automations.view_template')}
          </Button>
        ) : (
          <span className="text-sm text-stone-600">{t('automations.built_in_text')}</span>
        )}
      </div>
      {range ? (
        <form
          className="flex flex-wrap items-end gap-2 ps-7"
          onSubmit={(event) => {
            event.preventDefault();
            if (daysValid) save.mutate({ kind, enabled, days: typedDays });
          }}
        >
          <label className="flex flex-col gap-1 text-sm text-stone-700">
            {t(`automations.kinds.${kind}.days_label`)}
            <Input
              className="w-24"
              inputMode="numeric"
              value={days}
              disabled={!canManage || save.isPending}
              onChange={(event) => setDays(event.target.value)}
              aria-invalid={!daysValid || undefined}
              aria-describedby={`automation-days-${kind}-hint`}
              data-testid={`automation-days-${kind}`}
            />
          </label>
          {canManage ? (
            <Button
              type="submit"
              variant="outline"
              size="sm"
              disabled={!daysValid || typedDays === savedDays || save.isPending}
              data-testid={`automation-days-save-${kind}`}
            >
              {t('save')}
            </Button>
          ) : null}
          <p
            id={`automation-days-${kind}-hint`}
            className={daysValid ? 'text-xs text-stone-600' : 'text-xs text-red-700'}
          >
            {t('automations.days_range', { min: range.min, max: range.max })}
          </p>
        </form>
      ) : null}
    </li>
  );
}
