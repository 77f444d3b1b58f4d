import { Check, Clock, LogOut } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { addDays } from '@villas/shared';
import { cn } from '../../../lib/utils';
import type { DayPrice } from '../hooks/use-calendar-data';
import {
  formatAmount,
  longDayName,
  monthOf,
  monthWeeks,
  shiftDateByMonths,
  STATUS_LABEL,
  weekEnd,
  weekStart,
  type DayStatus,
} from '../utils/calendar';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/** Cell colours; each also has a non-colour cue (strike-through, icon, underline) and its words. */
const STATUS_CLASS: Record<DayStatus, string> = {
  available: 'bg-[#e3eee6] text-ink',
  blocked: 'bg-[#f6e1e1] text-danger',
  crossover: 'bg-linear-to-br from-[#f6e1e1] from-50% to-[#e3eee6] to-50% text-ink',
  held: 'bg-[repeating-linear-gradient(135deg,#f1e7d6_0_6px,#e8d9bf_6px_12px)] text-ink',
};

/**
 * '4 1,500 EUR, Saturday, July 4, 2026, available': the cell's accessible name. It starts with what
 * the cell shows, the day number and the price, in that order (WCAG 2.5.3, label in name: a voice
 * user says what they see), then the long date and the status.
 */
export function dayName(date: string, status: DayStatus, price: DayPrice | undefined) {
  const shown = price
    ? `${Number(date.slice(8))} ${formatAmount(price.price)} ${price.currency}`
    : String(Number(date.slice(8)));
  return [shown, longDayName(date), STATUS_LABEL[status]].join(', ');
}

export interface MonthGridProps {
  /** First day of the viewed month (yyyy-MM-dd). */
  month: string;
  /** Id of the element naming the grid (the visible month title). */
  labelledBy: string;
  today: string;
  selected: ReadonlySet<string>;
  /** The roving tab stop's date; may lie outside the month (then the month's default is used). */
  focusDate: string | null;
  statusOf: (date: string) => DayStatus;
  priceOf: (date: string) => DayPrice | undefined;
  /** A click or Space/Enter on a date; `extend` with Shift: the range from the last date activated. */
  onActivate: (date: string, extend: boolean) => void;
  /** The focused date moved (keyboard or click); the parent follows it into another month. */
  onFocusDate: (date: string) => void;
}

/**
 * The month as an ARIA grid (Sunday first): one tab stop, arrows move by day and week, Home/End to
 * the week's start and end, PageUp/PageDown by month, Space/Enter toggles, Shift+Space (or Shift+
 * click) selects the range from the last date activated. Past dates are focusable but disabled.
 */
export function MonthGrid({
  month,
  labelledBy,
  today,
  selected,
  focusDate,
  statusOf,
  priceOf,
  onActivate,
  onFocusDate,
}: MonthGridProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  const moveFocusTo = useRef<string | null>(null);
  const weeks = monthWeeks(month);
  const tabStop =
    focusDate && monthOf(focusDate) === month ? focusDate : monthOf(today) === month ? today : month;

  // Keyboard moves focus after the (possibly new) month has rendered the target cell.
  useEffect(() => {
    const target = moveFocusTo.current;
    if (!target || target !== tabStop) return;
    moveFocusTo.current = null;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${target}"]`)?.focus();
  }, [tabStop]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = (e.target as HTMLElement).dataset.date;
    if (!from) return;
    let next: string;
    switch (e.key) {
      case 'ArrowLeft':
        next = addDays(from, -1);
        break;
      case 'ArrowRight':
        next = addDays(from, 1);
        break;
      case 'ArrowUp':
        next = addDays(from, -7);
        break;
      case 'ArrowDown':
        next = addDays(from, 7);
        break;
      case 'Home':
        next = weekStart(from);
        break;
      case 'End':
        next = weekEnd(from);
        break;
      case 'PageUp':
        next = shiftDateByMonths(from, -1);
        break;
      case 'PageDown':
        next = shiftDateByMonths(from, 1);
        break;
      case ' ':
      case 'Enter':
        e.preventDefault();
        if (from >= today) onActivate(from, e.shiftKey);
        return;
      default:
        return;
    }
    e.preventDefault();
    moveFocusTo.current = next;
    onFocusDate(next);
  };

  const onClick = (date: string) => (e: MouseEvent) => {
    onFocusDate(date);
    if (date >= today) onActivate(date, e.shiftKey);
  };

  return (
    <div
      ref={gridRef}
      role="grid"
      aria-labelledby={labelledBy}
      aria-multiselectable="true"
      onKeyDown={onKeyDown}
      className="select-none"
    >
      <div role="row" className="grid grid-cols-7 gap-1 pb-1">
        {WEEKDAYS.map(([short, long]) => (
          <div
            key={short}
            role="columnheader"
            className="py-1 text-center text-[11px] font-medium uppercase tracking-[0.1em] text-stone"
          >
            <span aria-hidden>{short}</span>
            <span className="sr-only">{long}</span>
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week.find(Boolean)} role="row" className="grid grid-cols-7 gap-1 pb-1">
          {week.map((date, i) => {
            if (!date) return <div key={`blank-${i}`} role="gridcell" className="min-h-12 sm:min-h-16" />;
            const status = statusOf(date);
            const price = priceOf(date);
            const isSelected = selected.has(date);
            const past = date < today;
            return (
              <div
                key={date}
                role="gridcell"
                data-date={date}
                tabIndex={date === tabStop ? 0 : -1}
                aria-label={dayName(date, status, price)}
                aria-selected={isSelected}
                aria-disabled={past || undefined}
                aria-current={date === today ? 'date' : undefined}
                onClick={onClick(date)}
                className={cn(
                  'relative flex min-h-12 cursor-pointer flex-col items-center justify-start gap-0.5 rounded-[2px] border-2 border-transparent px-0.5 pt-1 text-sm outline-offset-1 sm:min-h-16 sm:pt-1.5',
                  STATUS_CLASS[status],
                  isSelected && 'border-sea shadow-[inset_0_0_0_1px_var(--color-sea)]',
                  past && 'cursor-not-allowed opacity-45',
                  date === today && 'font-semibold',
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    'self-start pl-0.5 leading-none sm:self-center sm:pl-0',
                    status === 'blocked' && 'line-through',
                  )}
                >
                  {Number(date.slice(8))}
                </span>
                {/* A space between the day and the price: the visible text reads '4 1,500', not '41,500'. */}{' '}
                {price && (
                  <span
                    aria-hidden
                    className="max-w-full truncate text-[10px] font-bold leading-tight text-gold-deep underline decoration-gold underline-offset-2 sm:text-xs"
                  >
                    {formatAmount(price.price)}
                  </span>
                )}
                {status === 'crossover' && (
                  <LogOut className="absolute bottom-0.5 left-0.5 h-3 w-3 text-danger" aria-hidden />
                )}
                {status === 'held' && (
                  <Clock className="absolute bottom-0.5 left-0.5 h-3 w-3 text-gold-deep" aria-hidden />
                )}
                {isSelected && (
                  <Check
                    className="absolute right-0.5 top-0.5 h-2.5 w-2.5 rounded-full bg-sea p-px text-white sm:h-3 sm:w-3"
                    strokeWidth={3}
                    aria-hidden
                  />
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** The legend: every colour with its words and its non-colour cue. */
export function CalendarLegend() {
  const item = (swatch: string, label: string, cue?: string) => (
    <li className="flex items-center gap-2">
      <span aria-hidden className={cn('h-4 w-4 shrink-0 rounded-[2px] border border-line', swatch)} />
      <span>
        {label}
        {cue && <span className="text-stone"> ({cue})</span>}
      </span>
    </li>
  );
  return (
    <ul
      aria-label="Legend"
      className="mt-3 grid grid-cols-1 gap-x-5 gap-y-1.5 text-xs text-ink sm:grid-cols-2"
    >
      {item(STATUS_CLASS.available, 'Available')}
      {item(STATUS_CLASS.blocked, 'Blocked', 'day struck through')}
      {item(STATUS_CLASS.crossover, 'Crossover: check-out day, available for arrival', 'exit icon')}
      {item(STATUS_CLASS.held, 'Held for an agent', 'striped, clock icon')}
      {item('border-2 border-sea bg-paper', 'Selected', 'tick')}
      <li className="flex items-center gap-2">
        <span
          aria-hidden
          className="w-4 text-center text-xs font-bold text-gold-deep underline decoration-gold"
        >
          1
        </span>
        <span>Custom price (bold, underlined)</span>
      </li>
    </ul>
  );
}
