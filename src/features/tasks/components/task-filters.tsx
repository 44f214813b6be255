import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import type { TaskOptions } from '../api/get-task-options';
import { DUE_FILTERS, TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES, type TaskFilters as Filters } from '../schemas';
import { localized } from '@/lib/localized';

export interface TaskFiltersProps {
  filters: Filters;
  options: TaskOptions | undefined;
  onChange: (patch: Partial<Filters>) => void;
  onReset: () => void;
}

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <Field compact label={label} className="min-w-36 flex-1">
      <Select value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Select>
    </Field>
  );
}

/** Type, priority, unit, assignee, due date (and status in the list view); kept in the URL. */
export function TaskFilters({ filters, options, onChange, onReset }: TaskFiltersProps) {
  const { t, i18n } = useTranslation('tasks');
  return (
    <section
      aria-label={t('filters.label')}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-stone-200 bg-white p-3"
    >
      <FilterSelect
        label={t('fields.type')}
        value={filters.type}
        onChange={(type) => onChange({ type: type as Filters['type'] })}
      >
        <option value="all">{t('filters.all_types')}</option>
        {TASK_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`type.${type}`)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label={t('fields.priority')}
        value={filters.priority}
        onChange={(priority) => onChange({ priority: priority as Filters['priority'] })}
      >
        <option value="all">{t('filters.all_priorities')}</option>
        {TASK_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {t(`priority.${priority}`)}
          </option>
        ))}
      </FilterSelect>
      {filters.view === 'list' ? (
        <FilterSelect
          label={t('fields.status')}
          value={filters.status}
          onChange={(status) => onChange({ status: status as Filters['status'] })}
        >
          <option value="all">{t('filters.all_statuses')}</option>
          {TASK_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </FilterSelect>
      ) : null}
      <FilterSelect label={t('fields.unit')} value={filters.unit} onChange={(unit) => onChange({ unit })}>
        <option value="all">{t('filters.all_units')}</option>
        {options?.units.map((unit) => (
          <option key={unit.id} value={unit.id}>
            {localized(i18n.language, unit.name, unit.name_ar)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label={t('fields.assigned')}
        value={filters.assignee}
        onChange={(assignee) => onChange({ assignee })}
      >
        <option value="all">{t('filters.assignee_all')}</option>
        <option value="me">{t('filters.assignee_me')}</option>
        <option value="unassigned">{t('filters.assignee_unassigned')}</option>
        <optgroup label={t('filters.staff_group')}>
          {options?.staff.map((person) => (
            <option key={person.user_id} value={`user:${person.user_id}`}>
              {person.full_name ?? person.phone}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('filters.vendors_group')}>
          {options?.vendors.map((vendor) => (
            <option key={vendor.id} value={`vendor:${vendor.id}`}>
              {localized(i18n.language, vendor.name, vendor.name_ar)}
            </option>
          ))}
        </optgroup>
      </FilterSelect>
      <FilterSelect
        label={t('fields.due')}
        value={filters.due}
        onChange={(due) => onChange({ due: due as Filters['due'] })}
      >
        {DUE_FILTERS.map((due) => (
          <option key={due} value={due}>
            {t(`filters.due_${due}`)}
          </option>
        ))}
      </FilterSelect>
      <Button variant="ghost" onClick={onReset}>
        {t('filters.reset')}
      </Button>
    </section>
  );
}
