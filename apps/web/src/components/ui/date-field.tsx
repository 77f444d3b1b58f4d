import { format, parse } from 'date-fns';
import { CalendarDays, X } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { DayPicker, getDefaultClassNames } from 'react-day-picker';
import 'react-day-picker/style.css';
import { formatLongDate } from '@villas/shared';
import { cn } from '../../lib/utils';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

const rdp = getDefaultClassNames();
const toDate = (iso: string) => parse(iso, 'yyyy-MM-dd', new Date());
const toIso = (d: Date) => format(d, 'yyyy-MM-dd');

export interface DateFieldProps {
  /** Visible label text; the trigger's accessible name is '{label}: {date or placeholder}'. */
  label: string;
  /** yyyy-MM-dd or null. Date-only: no time zone ever shifts it. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The first selectable date (yyyy-MM-dd); earlier days are disabled. */
  min?: string;
  /** The last selectable date (yyyy-MM-dd); later days are disabled. */
  max?: string;
  /** Month shown when nothing is selected (yyyy-MM-dd). */
  defaultMonth?: string;
  placeholder?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A date field: a button showing the en-US long date that opens a month calendar (weeks start on
 * Sunday) in a popover. Keyboard: Enter/Space opens, arrow keys move by day/week,
 * Enter picks, Escape closes. Values are yyyy-MM-dd strings.
 */
export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  defaultMonth,
  placeholder = 'Add date',
  id,
  disabled,
  className,
  ...aria
}: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const selected = value ? toDate(value) : undefined;
  const shown = value ? formatLongDate(value) : placeholder;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <div className={cn('relative', className)}>
        <PopoverTrigger
          id={id}
          disabled={disabled}
          aria-label={`${label}: ${shown}`}
          {...aria}
          className={cn(
            'flex h-11 w-full cursor-pointer items-center gap-2.5 rounded-[2px] border border-line bg-paper px-3.5 text-left text-[15px] transition-colors hover:border-stone/60 focus:border-gold-deep focus:outline-none focus:ring-1 focus:ring-gold-deep aria-[invalid=true]:border-danger disabled:cursor-not-allowed disabled:bg-sand/50',
            value ? 'text-ink' : 'text-stone',
            value && 'pr-10',
          )}
        >
          <CalendarDays className="h-4 w-4 shrink-0 text-gold-deep" aria-hidden />
          <span className="truncate">{shown}</span>
        </PopoverTrigger>
        {value && !disabled && (
          <button
            type="button"
            onClick={() => onChange(null)}
            aria-label={`Clear ${label.toLowerCase()}`}
            className="absolute right-1 top-1/2 flex h-9 w-9 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full text-stone hover:bg-sand hover:text-ink"
          >
            <X className="h-3.5 w-3.5" aria-hidden />
          </button>
        )}
      </div>
      <PopoverContent
        align="start"
        sideOffset={6}
        aria-label={`Choose ${label.toLowerCase()}`}
        className="z-[60] p-3"
      >
        <DayPicker
          mode="single"
          weekStartsOn={0}
          autoFocus
          selected={selected}
          defaultMonth={selected ?? (defaultMonth ? toDate(defaultMonth) : min ? toDate(min) : undefined)}
          disabled={[...(min ? [{ before: toDate(min) }] : []), ...(max ? [{ after: toDate(max) }] : [])]}
          onSelect={(d) => {
            onChange(d ? toIso(d) : null);
            setOpen(false);
          }}
          style={
            {
              '--rdp-accent-color': 'var(--color-ink)',
              '--rdp-accent-background-color': 'var(--color-sand)',
              '--rdp-today-color': 'var(--color-gold-deep)',
              '--rdp-day-height': '40px',
              '--rdp-day-width': '40px',
              '--rdp-day_button-height': '38px',
              '--rdp-day_button-width': '38px',
              '--rdp-day_button-border-radius': '2px',
              '--rdp-nav-height': '2.5rem',
              '--rdp-disabled-opacity': '0.35',
              '--rdp-weekday-opacity': '1',
              fontSize: '14px',
            } as CSSProperties
          }
          labels={{
            // 'Sunday, November 1, 2026': the visible day number is a word of the name (WCAG 2.5.3).
            labelDayButton: (date, m) =>
              `${m.today ? 'Today, ' : ''}${format(date, 'EEEE, MMMM d, yyyy')}${m.selected ? ', selected' : ''}`,
          }}
          classNames={{
            month_caption: cn(rdp.month_caption, 'px-1 font-display text-xl font-medium text-ink'),
            weekday: cn(rdp.weekday, 'text-[11px] font-medium uppercase tracking-[0.1em] text-stone'),
            selected: cn(rdp.selected, '[&>button]:bg-ink [&>button]:text-ivory'),
            today: cn(rdp.today, 'font-semibold'),
            chevron: cn(rdp.chevron, 'fill-gold-deep'),
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
