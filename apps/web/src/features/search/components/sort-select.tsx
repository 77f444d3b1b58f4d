import type { PropertySort } from '@villas/shared';
import { InlineSelect } from '../../../components/ui/inline-select';

const options: Array<{ value: PropertySort; label: string }> = [
  { value: 'featured', label: 'Featured' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'bedrooms', label: 'Bedrooms' },
];

/** The order of the list, applied by the server to every page: 'Sort by Featured' and the rest. */
export function SortSelect(props: {
  value: PropertySort;
  onChange: (sort: PropertySort) => void;
  className?: string;
}) {
  return <InlineSelect label="Sort by" options={options} selectClassName="w-[11.5rem]" {...props} />;
}
