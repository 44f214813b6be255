import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { useTemplateName } from '@/lib/message-template-name';
import { useDeleteMessageTemplate } from '../api/delete-message-template';
import { useMessageTemplates } from '../api/get-message-templates';
import { isAutomaticKind, type MessageTemplate } from '../lib/message-template-schema';

/**
 * The organisation's templates: manual ones for the inbox, and the text of each automatic
 * message. settings.manage creates, edits and deletes; messages.read sees them only.
 */
export function TemplatesSection({
  canManage,
  onEdit,
}: {
  canManage: boolean;
  /** Opens the template dialog: for this template, or a new one. */
  onEdit: (template?: MessageTemplate) => void;
}) {
  const { t, i18n } = useTranslation('messaging');
  const templateName = useTemplateName();
  const templates = useMessageTemplates();
  const remove = useDeleteMessageTemplate();
  const [deleting, setDeleting] = useState<MessageTemplate | null>(null);
  const rows = templates.data ?? [];
  const bodyOf = (row: MessageTemplate) => (i18n.language === 'ar' ? row.body_ar : row.body_en);

  return (
    <section aria-labelledby="message-templates-title" className="flex flex-col gap-3" data-testid="message-templates">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id="message-templates-title" className="text-base font-semibold text-stone-900">
            {t('templates.title')}
          </h3>
          <p className="text-sm text-stone-600">{t('templates.intro')}</p>
        </div>
        {canManage ? (
          <Button type="button" onClick={() => onEdit()} data-testid="template-new">
            {t('templates.new')}
          </Button>
        ) : null}
      </div>
      {templates.isPending ? <Spinner label={t('loading')} /> : null}
      {templates.error ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(templates.error)}
        </p>
      ) : null}
      {templates.data && rows.length === 0 ? <EmptyState title={t('templates.empty')} /> : null}
      {rows.length > 0 ? (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-start gap-3 p-3" data-testid="message-template-row">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <bdi className="font-medium text-stone-900">{templateName(row.name)}</bdi>
                  <Badge variant={row.kind ? 'info' : 'neutral'} data-kind={row.kind ?? 'manual'}>
                    {isAutomaticKind(row.kind) ? t(`automations.kinds.${row.kind}.title`) : t('templates.manual')}
                  </Badge>
                  {row.whatsapp_template_name ? (
                    <Badge variant="success">{t('templates.whatsapp_approved')}</Badge>
                  ) : null}
                </div>
                <p dir="auto" className="mt-1 line-clamp-2 text-sm whitespace-pre-line text-stone-600">
                  {bodyOf(row)}
                </p>
              </div>
              {canManage ? (
                <div className="flex gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={t('templates.edit_named', { name: templateName(row.name) })}
                    onClick={() => onEdit(row)}
                  >
                    {t('templates.edit')}
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={t('templates.delete_named', { name: templateName(row.name) })}
                    onClick={() => setDeleting(row)}
                  >
                    {t('templates.delete')}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t('templates.delete_title', { name: deleting ? templateName(deleting.name) : '' })}
        description={t(deleting?.kind ? 'templates.delete_automatic_description' : 'templates.delete_description')}
        confirmLabel={t('templates.delete')}
        destructive
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </section>
  );
}
