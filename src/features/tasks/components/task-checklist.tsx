import { useTranslation } from 'react-i18next';
import { useSetChecklistItem } from '../api/set-checklist-item';
import { parseChecklist } from '../schemas';

/** The checklist to tick on site; read-only once the task is closed. */
export function TaskChecklist({ taskId, checklist, editable }: { taskId: string; checklist: unknown; editable: boolean }) {
  const { t } = useTranslation('tasks');
  const setItem = useSetChecklistItem();
  const items = parseChecklist(checklist);
  if (items.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-stone-900">{t('fields.checklist')}</legend>
      <ul className="flex flex-col gap-1.5">
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`}>
            <label className="flex items-center gap-2 text-sm text-stone-800">
              <input
                type="checkbox"
                className="size-4 accent-primary-700"
                checked={item.done}
                disabled={!editable || setItem.isPending}
                onChange={(event) => setItem.mutate({ id: taskId, index, done: event.target.checked })}
              />
              <span className={item.done ? 'text-stone-500 line-through' : undefined}>{item.label}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
