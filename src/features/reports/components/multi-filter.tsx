import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A filter of several values (units, types, cities, channels): a button saying what is chosen
 * ("All", "2 selected") opening a list of checkboxes under it. A plain disclosure, not a menu:
 * checkboxes keep their native keyboard and screen-reader behaviour; Escape closes it.
 */
export function MultiFilter({
  label,
  options,
  selected,
  onChange,
  testId,
}: {
  label: string;
  options: FilterOption[];
  selected: string[];
  onChange: (values: string[]) => void;
  testId: string;
}) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  // The URL catches up a moment after a click (the router navigates asynchronously): until it
  // does, the boxes show what was just chosen instead of flickering back to the old choice.
  const [draft, setDraft] = useState<{ base: string[]; values: string[] } | null>(null);
  const current = draft && draft.base === selected ? draft.values : selected;
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const summary =
    current.length === 0
      ? t('filters.all')
      : current.length === 1
        ? (options.find((option) => option.value === current[0])?.label ?? t('filters.selected', { count: 1 }))
        : t('filters.selected', { count: current.length });

  const toggle = (value: string, checked: boolean) => {
    const values = checked ? [...current, value] : current.filter((item) => item !== value);
    setDraft({ base: selected, values });
    onChange(values);
  };

  return (
    <div
      ref={root}
      className="relative flex w-full flex-col gap-1 sm:w-48"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <span id={`${id}-label`} className="text-xs font-medium text-stone-800">
        {label}
      </span>
      <button
        ref={button}
        type="button"
        className="flex h-10 w-full items-center justify-between gap-2 rounded-md border border-stone-300 bg-white px-3 text-start text-sm text-stone-900 focus-visible:outline-2 focus-visible:outline-primary-600 disabled:opacity-50"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-labelledby={`${id}-label ${id}-value`}
        disabled={options.length === 0}
        onClick={() => setOpen((value) => !value)}
        data-testid={testId}
      >
        <span id={`${id}-value`} className="truncate">
          {summary}
        </span>
        <ChevronDown aria-hidden="true" className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} />
      </button>
      {open ? (
        <fieldset
          id={`${id}-panel`}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-md border border-stone-200 bg-white p-2 shadow-lg sm:min-w-56"
          data-testid={`${testId}-options`}
        >
          <legend className="sr-only">{label}</legend>
          {options.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-stone-900 hover:bg-stone-50"
            >
              <input
                type="checkbox"
                className="size-4 accent-primary-700"
                checked={current.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              <span className="truncate">{option.label}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
