import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type ComponentProps, type Ref } from 'react';
import { useDateFormat } from '@/lib/use-date-format';
import { Input } from './input';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A date picker (`<input type="date">`) that, when the user shows Hijri dates (issue 17), says
 * under the field which Hijri day the chosen Gregorian day is (the era, "AH" / "هـ", says which
 * calendar it is, so no label is needed). A drop-in for `<Input type="date">`
 * inside a Field: it takes react-hook-form's `register(...)` props (or `value`/`onChange`), and adds
 * its hint to the control's description for screen readers.
 */
export function DateInput({ ref, onChange, 'aria-describedby': describedBy, ...props }: ComponentProps<'input'>) {
  const { hijriOf } = useDateFormat();
  const element = useRef<HTMLInputElement | null>(null);
  const [day, setDay] = useState('');
  const hintId = `${useId()}-hijri`;
  // Uncontrolled (react-hook-form sets and resets the value through the ref): read what the field
  // holds after every render, so a reset or a default value shows its Hijri day too.
  // No dependency list on purpose: a reset changes the field without an event or a prop; setDay
  // runs only when the value differs, so this settles after one pass.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const current = element.current?.value ?? '';
    if (current !== day) setDay(current);
  });
  const hijri = DAY.test(day) ? hijriOf(day, 'long') : null;
  return (
    <>
      <Input
        type="date"
        dir="ltr"
        {...props}
        ref={(node: HTMLInputElement | null) => {
          element.current = node;
          assignRef(ref, node);
        }}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setDay(event.target.value);
          onChange?.(event);
        }}
        aria-describedby={[describedBy, hijri ? hintId : null].filter(Boolean).join(' ') || undefined}
      />
      {hijri ? (
        <p id={hintId} className="text-xs text-stone-600" data-testid="hijri-hint">
          {hijri}
        </p>
      ) : null}
    </>
  );
}
