import type { PropertySort } from '@villas/shared';
import { useId } from 'react';
import { Label } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';

const options: Array<{ value: PropertySort; label: string }> = [
  { value: 'featured', label: 'Featured' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'bedrooms', label: 'Bedrooms' },
];

/** The order of the list, applied by the server to every page: 'Sort by Featured' and the rest. */
export function SortSelect({
  value,
  onChange,
  className,
}: {
  value: PropertySort;
  onChange: (sort: PropertySort) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-center gap-2.5">
        <Label htmlFor={id} className="mb-0 whitespace-nowrap">
          Sort by
        </Label>
        <Select
          id={id}
          value={value}
          onValueChange={(v) => onChange(v as PropertySort)}
          options={options}
          className="h-9 w-[11.5rem] text-sm"
        />
      </div>
    </div>
  );
}
