import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecipientRole } from '../api/get-recipient-roles';
import { TASK_EVENTS, type NotificationRule } from '../schemas';

interface RuleCellProps {
  rule: NotificationRule;
  roles: RecipientRole[];
  readOnly: boolean;
  onChange: (rule: NotificationRule) => void;
}

/** One event × channel: the on switch and, when on, the recipients (roles; task people for task events). */
export function RuleCell({ rule, roles, readOnly, onChange }: RuleCellProps) {
  const { t } = useTranslation('notifications');
  const id = useId();
  const eventName = t(`settings.events.${rule.event}`);
  const channelName = t(`settings.channels.${rule.channel}`);
  const toggleRole = (roleId: string, on: boolean) =>
    onChange({
      ...rule,
      role_ids: on ? [...rule.role_ids, roleId] : rule.role_ids.filter((other) => other !== roleId),
    });
  const roleName = (role: RecipientRole) =>
    role.key ? t(`settings.roles.${role.key}`, { defaultValue: role.name }) : role.name;

  return (
    <fieldset
      className="rounded-lg border border-stone-200 p-3"
      data-testid={`notification-rule-${rule.event}-${rule.channel}`}
    >
      <legend className="px-1 text-sm font-medium text-stone-700">{channelName}</legend>
      <label className="flex items-center gap-2 text-sm font-medium text-stone-900">
        <input
          type="checkbox"
          className="size-4 accent-primary-700"
          checked={rule.enabled}
          disabled={readOnly}
          onChange={(e) => onChange({ ...rule, enabled: e.target.checked })}
          aria-label={t('settings.toggle', { event: eventName, channel: channelName })}
          data-testid={`notification-toggle-${rule.event}-${rule.channel}`}
        />
        {t('settings.on')}
      </label>
      {rule.enabled ? (
        <div role="group" aria-labelledby={`${id}-recipients`} className="mt-2">
          <p id={`${id}-recipients`} className="sr-only">
            {t('settings.recipients_of', { event: eventName, channel: channelName })}
          </p>
          <p aria-hidden="true" className="mb-1 text-xs font-medium text-stone-500">
            {t('settings.recipients')}
          </p>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {TASK_EVENTS.has(rule.event) ? (
              <>
                <Check
                  label={t('settings.assignee')}
                  checked={rule.notify_assignee}
                  disabled={readOnly}
                  onChange={(on) => onChange({ ...rule, notify_assignee: on })}
                />
                <Check
                  label={t('settings.creator')}
                  checked={rule.notify_creator}
                  disabled={readOnly}
                  onChange={(on) => onChange({ ...rule, notify_creator: on })}
                />
              </>
            ) : null}
            {roles.map((role) => (
              <Check
                key={role.id}
                label={roleName(role)}
                checked={rule.role_ids.includes(role.id)}
                disabled={readOnly}
                onChange={(on) => toggleRole(role.id, on)}
              />
            ))}
          </div>
          {rule.role_ids.length === 0 && !rule.notify_assignee && !rule.notify_creator ? (
            <p className="mt-1 text-xs text-amber-800">{t('settings.nobody')}</p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

function Check({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-1.5 text-sm text-stone-700">
      <input
        type="checkbox"
        className="size-4 accent-primary-700"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}
