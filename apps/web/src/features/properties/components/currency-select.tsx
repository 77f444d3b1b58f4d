import { CURRENCIES, type Currency } from '@villas/shared';
import { useId } from 'react';
import { Label } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';

const SYMBOLS: Record<Currency, string> = { EUR: '€', USD: '$', GBP: '£', CHF: 'CHF' };
const options = CURRENCIES.map((c) => ({ value: c, label: c === 'CHF' ? c : `${c} (${SYMBOLS[c]})` }));

/** The agent's display currency: 'Prices in EUR (€)', USD, GBP or CHF. */
export function CurrencySelect({
  value,
  onChange,
  className,
}: {
  value: Currency;
  onChange: (currency: Currency) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-center gap-2.5">
        <Label htmlFor={id} className="mb-0 whitespace-nowrap">
          Prices in
        </Label>
        <Select
          id={id}
          value={value}
          onValueChange={(v) => onChange(v as Currency)}
          options={options}
          className="h-9 w-[7.5rem] text-sm"
        />
      </div>
    </div>
  );
}
