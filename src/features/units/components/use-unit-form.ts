import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { Tables } from '@/types/database';
import { useCreateUnit } from '../api/create-unit';
import { useUpdateUnit } from '../api/update-unit';
import type { UnitEditorTab } from '../lib/editor-tabs';
import { EMPTY_UNIT_FORM, unitToFormInput } from '../lib/unit-form-values';
import { unitFormSchema, type UnitFormInput, type UnitFormValues } from '../schemas';

const LOCATION_FIELDS = new Set(['latitude', 'longitude']);

/** The tab holding the first invalid field, so a refused save shows where to look. */
export function tabOfFirstError(errors: FieldErrors<UnitFormInput>): UnitEditorTab {
  const names = Object.keys(errors);
  return names.length > 0 && names.every((name) => LOCATION_FIELDS.has(name)) ? 'location' : 'details';
}

interface Options {
  unit: Tables<'units'> | null;
  onSaved: (unit: Tables<'units'>, created: boolean) => void;
  onInvalid: (tab: UnitEditorTab) => void;
}

/**
 * The unit form: react-hook-form with the same zod schema the request uses. A failed save
 * keeps every value in the form (nothing is reset until the server said yes).
 */
export function useUnitForm({ unit, onSaved, onInvalid }: Options) {
  const form = useForm<UnitFormInput, unknown, UnitFormValues>({
    resolver: zodResolver(unitFormSchema),
    defaultValues: unit ? unitToFormInput(unit) : EMPTY_UNIT_FORM,
    mode: 'onTouched',
  });
  const create = useCreateUnit();
  const update = useUpdateUnit();
  const mutation = unit ? update : create;

  const handleSubmit = form.handleSubmit(
    async (values) => {
      try {
        const saved = unit ? await update.mutateAsync({ id: unit.id, values }) : await create.mutateAsync(values);
        form.reset(unitToFormInput(saved));
        onSaved(saved, !unit);
      } catch {
        // Shown by the dialog from mutation.error; the typed values stay where they are.
      }
    },
    (errors) => onInvalid(tabOfFirstError(errors)),
  );

  return { form, handleSubmit, isSaving: mutation.isPending, saveError: mutation.error, isNew: !unit };
}
