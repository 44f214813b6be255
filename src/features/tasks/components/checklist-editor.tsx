import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { MAX_CHECKLIST_ITEMS, type TaskFormInput } from '../schemas';

interface ChecklistEditorProps {
  control: Control<TaskFormInput>;
  errors: FieldErrors<TaskFormInput>['checklist'];
  register: UseFormRegister<TaskFormInput>;
}

/** The task form's checklist: items in order, added with Enter or the button, removed one by one. */
export function ChecklistEditor({ control, errors, register }: ChecklistEditorProps) {
  const { t } = useTranslation('tasks');
  const { fields, append, remove } = useFieldArray({ control, name: 'checklist' });
  const [draft, setDraft] = useState('');

  const handleAdd = () => {
    const label = draft.trim();
    if (!label || fields.length >= MAX_CHECKLIST_ITEMS) return;
    append({ label, done: false });
    setDraft('');
  };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-stone-900">{t('fields.checklist')}</legend>
      {fields.length === 0 ? <p className="text-xs text-stone-600">{t('form.checklist_empty')}</p> : null}
      <ol className="flex flex-col gap-2">
        {fields.map((field, index) => {
          const message = errors?.[index]?.label?.message;
          return (
            <li key={field.id} className="flex items-start gap-2">
              <div className="flex-1">
                <Input
                  aria-label={t('form.checklist_item_label', { number: index + 1 })}
                  aria-invalid={message ? true : undefined}
                  {...register(`checklist.${index}.label`)}
                />
                {message ? (
                  <p role="alert" className="mt-1 text-xs font-medium text-red-700">
                    {t(message)}
                  </p>
                ) : null}
              </div>
              <Button
                variant="ghost"
                size="icon"
                onClick={() => remove(index)}
                aria-label={t('actions.remove_item', { label: field.label })}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ol>
      <div className="flex gap-2">
        <Input
          value={draft}
          placeholder={t('form.checklist_placeholder')}
          aria-label={t('actions.add_item')}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              handleAdd();
            }
          }}
        />
        <Button variant="outline" onClick={handleAdd} disabled={!draft.trim() || fields.length >= MAX_CHECKLIST_ITEMS}>
          <Plus aria-hidden="true" />
          {t('actions.add_item')}
        </Button>
      </div>
      {errors?.root?.message || errors?.message ? (
        <p role="alert" className="text-xs font-medium text-red-700">
          {t(errors.root?.message ?? errors.message ?? '')}
        </p>
      ) : null}
    </fieldset>
  );
}
