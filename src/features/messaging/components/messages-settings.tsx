import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionDenied } from '@/components/permission-denied';
import { Spinner } from '@/components/ui/spinner';
import { usePermissions } from '@/lib/auth';
import { useMessageTemplates } from '../api/get-message-templates';
import { useQuietHours } from '../api/get-quiet-hours';
import type { MessageTemplate } from '../lib/message-template-schema';
import { AutomationsSection } from './automations-section';
import { QuietHoursForm } from './quiet-hours-form';
import { TemplateDialog } from './template-dialog';
import { TemplatesSection } from './templates-section';

const DEFAULT_QUIET_HOURS = { quiet_hours_enabled: true, quiet_hours_start: '22:00', quiet_hours_end: '08:00' };

/**
 * Settings → Messages (issue 16): the templates, the automatic messages to guests and quiet
 * hours. messages.read sees them; settings.manage changes them; without either, PermissionDenied.
 */
export function MessagesSettings() {
  const { t } = useTranslation('messaging');
  const { status, can } = usePermissions();
  const canRead = can('messages.read') || can('settings.manage');
  const canManage = can('settings.manage');
  const templates = useMessageTemplates({ enabled: canRead });
  const quietHours = useQuietHours({ enabled: canRead });
  // undefined: closed; null: a new template; a template: that one.
  const [editing, setEditing] = useState<MessageTemplate | null | undefined>(undefined);
  if (status === 'pending') return <Spinner label={t('loading')} />;
  if (!canRead) return <PermissionDenied titleAs="h2" />;
  const takenKinds = new Set(
    (templates.data ?? [])
      .filter((row) => row.kind !== null && row.id !== editing?.id)
      .map((row) => row.kind as string),
  );

  return (
    <div className="flex flex-col gap-8" data-testid="messages-settings">
      {!canManage ? (
        <p className="text-sm text-stone-700" data-testid="messages-read-only">
          {t('read_only')}
        </p>
      ) : null}
      <AutomationsSection canManage={canManage} templates={templates.data ?? []} onEditTemplate={setEditing} />
      {quietHours.isPending ? <Spinner label={t('loading')} /> : null}
      {quietHours.isSuccess ? (
        <QuietHoursForm values={quietHours.data ?? DEFAULT_QUIET_HOURS} canManage={canManage} />
      ) : null}
      <TemplatesSection canManage={canManage} onEdit={(template) => setEditing(template ?? null)} />
      {editing !== undefined ? (
        <TemplateDialog
          open
          onOpenChange={(open) => (open ? null : setEditing(undefined))}
          template={editing ?? undefined}
          takenKinds={takenKinds}
          readOnly={!canManage}
        />
      ) : null}
    </div>
  );
}
