import { useId } from 'react';
import { Label } from './field';
import { Select } from './select';

/** A compact labelled select on one line ('Prices in EUR (€)', 'Sort by Featured'). */
export function InlineSelect<T extends string>({
  label,
  value,
  onChange,
  options,
  selectClassName,
  className,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<{ value: T; label: string }>;
  /** Width of the select, e.g. 'w-[7.5rem]'. */
  selectClassName?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-center gap-2.5">
        <Label htmlFor={id} className="mb-0 whitespace-nowrap">
          {label}
        </Label>
        <Select
          id={id}
          value={value}
          onValueChange={(v) => onChange(v as T)}
          options={[...options]}
          className={`h-9 text-sm ${selectClassName ?? ''}`}
        />
      </div>
    </div>
  );
}
