import { ChevronLeft, ChevronRight, CalendarRange, Tag, CalendarCheck } from 'lucide-react';
import {
  formatLongDate,
  holdCountdown,
  isPriceOnRequest,
  todayIso,
  plural,
  type Currency,
} from '@villas/shared';
import { useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useCalendarData } from '../hooks/use-calendar-data';
import {
  basePriceLabel,
  datesBetween,
  monthOf,
  monthTitle,
  priceLabel,
  QUICK_SELECTS,
  quickSelectDates,
  shiftMonth,
} from '../utils/calendar';
import { DateRangePricingDialogContent } from './date-range-pricing-dialog';
import { CalendarLegend, MonthGrid } from './month-grid';
import { SelectedDatesList } from './selected-dates-list';
import { SetAvailabilityDialogContent } from './set-availability-dialog';
import { SetPricingDialogContent } from './set-pricing-dialog';
import { StayRulesPanel } from './stay-rules-panel';

export interface CalendarManagerProperty {
  id: number;
  name: string;
  basePricePerNight: number | null;
  propertyCurrency: Currency;
}

export interface CalendarManagerDialogProps {
  property: CalendarManagerProperty;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The admin Calendar & Pricing manager of one property: a month grid of availability and
 * custom prices (2 months either side are read), multi-date selection by click, Shift-click, keyboard
 * and quick selects, and three writers, each ONE request: Set Pricing and Set Availability for the
 * selected dates, and Date Range Pricing. The opener keeps focus return (see properties-tab).
 */
export function CalendarManagerDialog({ property, open, onOpenChange }: CalendarManagerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <CalendarManager property={property} />}
    </Dialog>
  );
}

const SUB_DIALOG_BUTTON = 'w-full sm:w-auto';

function CalendarManager({ property }: { property: CalendarManagerProperty }) {
  const [today] = useState(() => todayIso());
  const [month, setMonth] = useState(() => monthOf(today));
  const [focusDate, setFocusDate] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [anchor, setAnchor] = useState<string | null>(null);
  const [pricingOpen, setPricingOpen] = useState(false);
  const [availabilityOpen, setAvailabilityOpen] = useState(false);
  const [rangesOpen, setRangesOpen] = useState(false);
  const titleId = useId();
  const data = useCalendarData(property.id, month);
  const calendar = useRef<HTMLElement>(null);
  // Once a change is applied the selection is empty and its buttons are disabled: focus goes to the
  // calendar's current day, not to the top of the page.
  const dayInFocus = () =>
    calendar.current?.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"]') ?? calendar.current;

  const dates = useMemo(() => [...selected].sort(), [selected]);
  const base = basePriceLabel(property.basePricePerNight, property.propertyCurrency);
  const baseAmount = isPriceOnRequest(property.basePricePerNight)
    ? null
    : priceLabel(property.basePricePerNight!, property.propertyCurrency);

  const activate = (date: string, extend: boolean) => {
    if (extend && anchor) {
      const range = datesBetween(anchor, date).filter((d) => d >= today);
      setSelected((s) => new Set([...s, ...range]));
    } else {
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(date)) next.delete(date);
        else next.add(date);
        return next;
      });
    }
    setAnchor(date);
  };
  // After a change is applied its dates are no longer selected: the next change starts from none, so
  // it cannot reach nights (perhaps in another month) chosen for the one before.
  const clearSelection = () => {
    setSelected(new Set());
    setAnchor(null);
  };
  const followFocus = (date: string) => {
    setFocusDate(date);
    if (monthOf(date) !== month) setMonth(monthOf(date));
  };
  const remove = (date: string) =>
    setSelected((s) => {
      const next = new Set(s);
      next.delete(date);
      return next;
    });

  const n = dates.length;
  return (
    <DialogContent
      wide
      className="max-w-6xl"
      title={property.name}
      description="Calendar & pricing: select dates to set their price or availability."
    >
      <div className="flex flex-col gap-4 border-b border-line pb-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone">
          Base price: <strong className="font-semibold text-ink">{base}</strong>
        </p>
        <div className="flex flex-wrap gap-2">
          <Dialog open={rangesOpen} onOpenChange={setRangesOpen}>
            <DialogTrigger asChild>
              <Button variant="gold" size="sm" className={SUB_DIALOG_BUTTON}>
                <CalendarRange className="h-3.5 w-3.5" aria-hidden />
                Date Range Pricing
              </Button>
            </DialogTrigger>
            {rangesOpen && (
              <DateRangePricingDialogContent
                propertyId={property.id}
                defaultCurrency={property.propertyCurrency}
                today={today}
                onDone={(written) => {
                  for (const w of written)
                    data.patchPrices(w.dates, { price: w.price, currency: w.currency });
                  setRangesOpen(false);
                }}
              />
            )}
          </Dialog>
          <DialogClose asChild>
            <Button variant="outline" size="sm" className={SUB_DIALOG_BUTTON}>
              Close
            </Button>
          </DialogClose>
        </div>
      </div>

      <div role="group" aria-label="Quick select" className="mt-5 flex flex-wrap gap-2">
        {QUICK_SELECTS.map((q) => (
          <Button
            key={q.id}
            variant="ghost"
            size="sm"
            className="border border-line normal-case tracking-normal"
            onClick={() => {
              setSelected(new Set(quickSelectDates(q.id, today)));
              setAnchor(null);
            }}
          >
            {q.label}
          </Button>
        ))}
        <Button
          variant="ghost"
          size="sm"
          className="border border-line normal-case tracking-normal"
          disabled={n === 0}
          onClick={clearSelection}
        >
          Clear all
        </Button>
      </div>

      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section ref={calendar} tabIndex={-1} aria-label="Calendar" className="min-w-0 outline-none">
          <div className="mb-3 flex items-center justify-between gap-2">
            <Button
              variant="ghost"
              size="icon"
              aria-label="Previous month"
              onClick={() => setMonth((m) => shiftMonth(m, -1))}
            >
              <ChevronLeft className="h-5 w-5" aria-hidden />
            </Button>
            <div className="flex items-center gap-3">
              <h3 id={titleId} aria-live="polite" className="font-display text-2xl text-ink">
                {monthTitle(month)}
              </h3>
              {data.fetching && (
                <Spinner
                  label="Loading calendar"
                  className="[&>span:first-child]:h-4 [&>span:first-child]:w-4"
                />
              )}
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Next month"
              onClick={() => setMonth((m) => shiftMonth(m, 1))}
            >
              <ChevronRight className="h-5 w-5" aria-hidden />
            </Button>
          </div>
          {(data.availabilityError || data.pricingError) && (
            <div
              role="alert"
              className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-[2px] border border-danger/40 bg-[#f6e1e1]/50 px-3 py-2 text-sm text-danger"
            >
              <span>
                {data.availabilityError && <span className="block">Failed to fetch availability</span>}
                {data.pricingError && <span className="block">Failed to fetch pricing</span>}
              </span>
              <Button variant="ghost" size="sm" onClick={data.retry}>
                Retry
              </Button>
            </div>
          )}
          <MonthGrid
            month={month}
            labelledBy={titleId}
            today={today}
            selected={selected}
            focusDate={focusDate}
            statusOf={data.statusOf}
            priceOf={data.priceOf}
            onActivate={activate}
            onFocusDate={followFocus}
          />
          <p className="mt-2 text-xs text-stone">
            Click to select or deselect a date, Shift-click for a range. Keyboard: arrows move, Page Up/Down
            change month, Space selects, Shift+Space selects a range.
          </p>
          <CalendarLegend />
          {data.holds.length > 0 && (
            <div className="mt-4 rounded-[2px] border border-gold/40 bg-[#f1e7d6]/40 px-4 py-3">
              <p className="text-xs font-medium uppercase tracking-[0.12em] text-gold-deep">Held nights</p>
              <ul className="mt-1.5 space-y-1 text-sm text-ink">
                {data.holds.map((h) => (
                  <li key={h.id}>
                    {formatLongDate(h.checkIn)} – {formatLongDate(h.checkOut)}: {h.agentName} for{' '}
                    {h.clientName}
                    <span className="text-stone"> · {holdCountdown(h.expiresAt)}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-1.5 text-xs text-stone">
                Confirm or release holds in the Notifications tab; held nights cannot be changed here.
              </p>
            </div>
          )}
        </section>

        <section aria-labelledby={`${titleId}-selected`} className="min-w-0">
          <h3 id={`${titleId}-selected`} className="font-display text-2xl text-ink">
            Selected dates
          </h3>
          <p className="mb-3 text-sm text-stone" aria-live="polite">
            {n === 0 ? 'No dates selected' : `${plural(n, 'date')} selected`}
          </p>
          <div className="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1">
            <Dialog open={pricingOpen} onOpenChange={setPricingOpen}>
              <DialogTrigger asChild>
                <Button size="sm" disabled={n === 0}>
                  <Tag className="h-3.5 w-3.5" aria-hidden />
                  Set Pricing
                </Button>
              </DialogTrigger>
              {pricingOpen && (
                <SetPricingDialogContent
                  returnFocus={dayInFocus}
                  propertyId={property.id}
                  dates={dates}
                  defaultCurrency={property.propertyCurrency}
                  onDone={(written, value) => {
                    data.patchPrices(written, value);
                    setPricingOpen(false);
                    clearSelection();
                  }}
                />
              )}
            </Dialog>
            <Dialog open={availabilityOpen} onOpenChange={setAvailabilityOpen}>
              <DialogTrigger asChild>
                <Button size="sm" variant="outline" disabled={n === 0}>
                  <CalendarCheck className="h-3.5 w-3.5" aria-hidden />
                  Set Availability
                </Button>
              </DialogTrigger>
              {availabilityOpen && (
                <SetAvailabilityDialogContent
                  returnFocus={dayInFocus}
                  propertyId={property.id}
                  dates={dates}
                  held={dates.filter((d) => data.statusOf(d) === 'held')}
                  onDone={(written, available) => {
                    data.patchAvailability(written, available);
                    setAvailabilityOpen(false);
                    clearSelection();
                  }}
                />
              )}
            </Dialog>
          </div>
          <SelectedDatesList
            dates={dates}
            statusOf={data.statusOf}
            priceOf={data.priceOf}
            basePrice={baseAmount}
            onRemove={remove}
          />
        </section>
      </div>

      <StayRulesPanel propertyId={property.id} today={today} />
    </DialogContent>
  );
}
