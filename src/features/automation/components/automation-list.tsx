import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';

/**
 * A list of the automation settings (rules, task templates): its heading and intro, "New" for
 * automations.write, the loading, failure and empty states, then one row per item and whatever
 * follows the list (the delete confirmation).
 */
export function AutomationList<Row extends { id: string }>({
  titleId,
  title,
  intro,
  testId,
  canWrite,
  newLabel,
  newTestId,
  onNew,
  query,
  emptyTitle,
  notice,
  renderRow,
  children,
}: {
  titleId: string;
  title: string;
  intro: string;
  testId: string;
  canWrite: boolean;
  newLabel: string;
  newTestId: string;
  onNew: () => void;
  query: { isPending: boolean; error: unknown; data: readonly Row[] | undefined };
  emptyTitle: string;
  /** A message above the list (a refused delete). */
  notice?: ReactNode;
  renderRow: (row: Row) => ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('automation');
  const rows = query.data ?? [];
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id={titleId} className="text-base font-semibold text-stone-900">
            {title}
          </h3>
          <p className="text-sm text-stone-600">{intro}</p>
        </div>
        {canWrite ? (
          <Button type="button" onClick={onNew} data-testid={newTestId}>
            {newLabel}
          </Button>
        ) : null}
      </div>
      {query.isPending ? <Spinner label={t('loading')} /> : null}
      {query.error ? (
        <p role="alert" className="text-sm text-red-800">
          {getErrorMessage(query.error)}
        </p>
      ) : null}
      {notice}
      {query.data && rows.length === 0 ? <EmptyState title={emptyTitle} /> : null}
      {rows.length > 0 ? (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">{rows.map(renderRow)}</ul>
      ) : null}
      {children}
    </section>
  );
}

/** Edit (or View without automations.write) and Delete of one row, each named after the row. */
export function RowActions({
  canWrite,
  editLabel,
  editNamedLabel,
  deleteLabel,
  deleteNamedLabel,
  onEdit,
  onDelete,
}: {
  canWrite: boolean;
  editLabel: string;
  editNamedLabel: string;
  deleteLabel: string;
  deleteNamedLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button type="button" variant="outline" size="sm" aria-label={editNamedLabel} onClick={onEdit}>
        {editLabel}
      </Button>
      {canWrite ? (
        <Button type="button" variant="outline" size="sm" aria-label={deleteNamedLabel} onClick={onDelete}>
          {deleteLabel}
        </Button>
      ) : null}
    </div>
  );
}
