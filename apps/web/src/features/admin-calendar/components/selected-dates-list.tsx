import { X } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import type { DayPrice } from '../hooks/use-calendar-data';
import { longDayName, priceLabel, shortDayName, type DayStatus } from '../utils/calendar';

/**
 * The selected dates in order, each with Available/Blocked (crossover days say so) and its price: the
 * custom price, else the base price marked as such. The list scrolls; each date can be removed.
 */
export function SelectedDatesList({
  dates,
  statusOf,
  priceOf,
  basePrice,
  onRemove,
}: {
  dates: string[];
  statusOf: (date: string) => DayStatus;
  priceOf: (date: string) => DayPrice | undefined;
  /** 'EUR 1,200' or null when the property has no base price. */
  basePrice: string | null;
  onRemove: (date: string) => void;
}) {
  if (!dates.length) {
    return (
      <p className="rounded-[2px] border border-dashed border-line px-4 py-6 text-center text-sm text-stone">
        No dates selected. Click dates in the calendar, Shift-click to select a range, or use a quick select.
      </p>
    );
  }
  return (
    <ul
      aria-label="Selected dates"
      className="max-h-72 divide-y divide-line overflow-y-auto rounded-[2px] border border-line bg-paper lg:max-h-[26rem]"
    >
      {dates.map((date) => {
        const status = statusOf(date);
        const price = priceOf(date);
        return (
          <li key={date} className="flex items-center gap-2 py-1.5 pl-3 pr-1 text-sm">
            <span className="min-w-0 flex-1">
              <span className="block truncate text-ink">{shortDayName(date)}</span>
              <span className="flex flex-wrap items-center gap-x-2 text-xs">
                {status === 'available' ? (
                  <Badge tone="success">Available</Badge>
                ) : status === 'crossover' ? (
                  <Badge tone="success">Available · check-out day</Badge>
                ) : status === 'held' ? (
                  <Badge tone="gold">Held</Badge>
                ) : (
                  <Badge tone="danger">Blocked</Badge>
                )}
                {price ? (
                  <span className="font-bold text-gold-deep underline decoration-gold underline-offset-2">
                    {priceLabel(price.price, price.currency)}
                  </span>
                ) : basePrice ? (
                  <span className="text-stone">{basePrice} (base)</span>
                ) : (
                  <span className="text-stone">Price on Request</span>
                )}
              </span>
            </span>
            <button
              type="button"
              onClick={() => onRemove(date)}
              aria-label={`Remove ${longDayName(date)}`}
              className="inline-flex h-9 w-9 shrink-0 cursor-pointer items-center justify-center rounded-full text-stone hover:bg-sand hover:text-ink"
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
