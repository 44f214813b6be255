import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePermissions } from '@/lib/auth';
import { getErrorMessage } from '@/lib/errors';
import { useNotificationRules } from '../api/get-notification-rules';
import { useRecipientRoles, type RecipientRole } from '../api/get-recipient-roles';
import { updateNotificationRule } from '../api/update-notification-rule';
import { notificationChannels, notificationEvents, type NotificationRule } from '../schemas';
import { NotificationMutes } from './notification-mutes';
import { RuleCell } from './rule-cell';

const ruleKey = (rule: Pick<NotificationRule, 'event' | 'channel'>) => `${rule.event}:${rule.channel}`;

/**
 * Settings → Notifications (issue 14): for each event, per channel, on or off and who receives it.
 * Edited as a draft and saved at once; read-only with the reason without settings.manage (the
 * database refuses the write anyway). Below, the member's own mutes.
 */
export function NotificationSettings() {
  const { t } = useTranslation('notifications');
  const permissions = usePermissions();
  const rules = useNotificationRules();
  const roles = useRecipientRoles();

  if (rules.isPending || roles.isPending || permissions.status === 'pending') {
    return <Spinner label={t('settings.loading')} className="py-8" />;
  }
  if (rules.isError || roles.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        {getErrorMessage(rules.error ?? roles.error)}
      </p>
    );
  }
  const canManage = permissions.can('settings.manage');
  return (
    <div className="flex flex-col gap-8">
      <RulesForm
        key={rules.dataUpdatedAt}
        rules={rules.data}
        roles={roles.data}
        readOnly={!canManage}
        onSaved={() => void rules.refetch()}
      />
      <NotificationMutes />
    </div>
  );
}

interface RulesFormProps {
  rules: NotificationRule[];
  roles: RecipientRole[];
  readOnly: boolean;
  onSaved: () => void;
}

function RulesForm({ rules, roles, readOnly, onSaved }: RulesFormProps) {
  const { t } = useTranslation('notifications');
  const [draft, setDraft] = useState<Record<string, NotificationRule>>(() =>
    Object.fromEntries(rules.map((rule) => [ruleKey(rule), rule])),
  );
  const [saving, setSaving] = useState(false);
  const original = Object.fromEntries(rules.map((rule) => [ruleKey(rule), rule]));
  const changed = Object.values(draft).filter(
    (rule) => JSON.stringify(rule) !== JSON.stringify(original[ruleKey(rule)]),
  );

  const save = async () => {
    setSaving(true);
    try {
      for (const rule of changed) await updateNotificationRule(rule);
      toast.success(t('settings.saved'));
      onSaved();
    } catch (error) {
      toast.error(t('errors.save_failed'), { description: getErrorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="notification-rules-title" data-testid="notification-settings">
      <h3 id="notification-rules-title" className="text-base font-semibold text-stone-900">
        {t('settings.title')}
      </h3>
      <p className="mb-4 text-sm text-stone-600">{t('settings.description')}</p>
      {readOnly ? (
        <p
          role="note"
          className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="notification-read-only"
        >
          {t('settings.read_only')}
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {notificationEvents.map((event) => (
          <li
            key={event}
            className="rounded-xl border border-stone-200 bg-white p-4"
            data-testid={`notification-event-${event}`}
          >
            <h4 className="mb-3 font-medium text-stone-900">{t(`settings.events.${event}`)}</h4>
            <div className="grid gap-4 md:grid-cols-2">
              {notificationChannels.map((channel) => {
                const rule = draft[ruleKey({ event, channel })];
                if (!rule) return null;
                return (
                  <RuleCell
                    key={channel}
                    rule={rule}
                    roles={roles}
                    readOnly={readOnly || saving}
                    onChange={(next) => setDraft((current) => ({ ...current, [ruleKey(next)]: next }))}
                  />
                );
              })}
            </div>
          </li>
        ))}
      </ul>
      {readOnly ? null : (
        <div className="sticky bottom-0 mt-4 flex justify-end bg-stone-50/95 py-3">
          <Button onClick={() => void save()} disabled={changed.length === 0 || saving} data-testid="notification-save">
            {saving ? <Spinner label={t('settings.save')} /> : t('settings.save')}
          </Button>
        </div>
      )}
    </section>
  );
}
