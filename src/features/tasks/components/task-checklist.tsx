import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetChecklistItem } from '../api/set-checklist-item';
import { parseChecklist } from '../schemas';

/** The checklist to tick on site; read-only once the task is closed. */
export function TaskChecklist({
  taskId,
  checklist,
  editable,
}: {
  taskId: string;
  checklist: unknown;
  editable: boolean;
}) {
  const { t } = useTranslation('tasks');
  const setItem = useSetChecklistItem();
  // A tick shows at once; if the save fails the box returns to what the database holds.
  const [ticking, setTicking] = useState<Record<number, boolean>>({});
  const items = parseChecklist(checklist);
  if (items.length === 0) return null;

  const handleChange = (index: number, done: boolean) => {
    setTicking((current) => ({ ...current, [index]: done }));
    setItem.mutate(
      { id: taskId, index, done },
      {
        onSettled: () =>
          setTicking((current) => {
            const next = { ...current };
            delete next[index];
            return next;
          }),
      },
    );
  };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-stone-900">{t('fields.checklist')}</legend>
      <ul className="flex flex-col gap-1.5">
        {items.map((item, index) => {
          const done = ticking[index] ?? item.done;
          return (
            <li key={`${index}-${item.label}`}>
              <label className="flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="checkbox"
                  className="size-4 accent-primary-700"
                  checked={done}
                  disabled={!editable}
                  onChange={(event) => handleChange(index, event.target.checked)}
                />
                <span className={done ? 'text-stone-500 line-through' : undefined}>{item.label}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
