import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { useVendorTasks } from '../api/get-vendor-tasks';
import { useLiveTasks } from '../api/use-live-tasks';
import { VendorTaskCard } from './vendor-task-card';

/** A vendor user's whole product: its assigned tasks, open first, then the finished ones. */
export function VendorTasksView({ userId }: { userId: string }) {
  const { t } = useTranslation('tasks');
  const tasks = useVendorTasks(userId);
  // A task assigned, changed or withdrawn by an organisation shows without a reload; RLS sends
  // the vendor only its own tasks, from every organisation it works for.
  useLiveTasks('readable');
  const open = tasks.data?.filter((task) => task.status !== 'completed') ?? [];
  const done = tasks.data?.filter((task) => task.status === 'completed') ?? [];
  return (
    <>
      <PageHeader title={t('vendor.title')} description={t('vendor.description')} />
      {tasks.isPending ? (
        <Spinner label={t('vendor.title')} className="py-12" />
      ) : tasks.isError ? (
        <EmptyState icon={ClipboardList} title={t('errors.load_failed')} description={getErrorMessage(tasks.error)} />
      ) : tasks.data.length === 0 ? (
        <EmptyState icon={ClipboardList} title={t('vendor.empty_title')} description={t('vendor.empty_description')} />
      ) : (
        <div className="flex flex-col gap-8">
          {[
            { id: 'open', title: t('vendor.open_section'), items: open },
            { id: 'done', title: t('vendor.done_section'), items: done },
          ].map((section) =>
            section.items.length > 0 ? (
              <section key={section.id} aria-labelledby={`vendor-tasks-${section.id}`} className="flex flex-col gap-3">
                <h2 id={`vendor-tasks-${section.id}`} className="text-lg font-semibold text-stone-900">
                  {section.title}
                </h2>
                <div className="grid gap-4 lg:grid-cols-2">
                  {section.items.map((task) => (
                    <VendorTaskCard key={task.id} task={task} />
                  ))}
                </div>
              </section>
            ) : null,
          )}
        </div>
      )}
    </>
  );
}
