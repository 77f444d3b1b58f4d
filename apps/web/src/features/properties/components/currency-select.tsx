import { CURRENCIES, currencyLabel, type Currency } from '@villas/shared';
import { InlineSelect } from '../../../components/ui/inline-select';

const options = CURRENCIES.map((c) => ({ value: c, label: currencyLabel(c) }));

/** The agent's display currency: 'Prices in EUR (€)', USD, GBP or CHF. */
export function CurrencySelect(props: {
  value: Currency;
  onChange: (currency: Currency) => void;
  className?: string;
}) {
  return <InlineSelect label="Prices in" options={options} selectClassName="w-[7.5rem]" {...props} />;
}
