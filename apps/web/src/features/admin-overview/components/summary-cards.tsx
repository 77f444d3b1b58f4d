import { formatLongDate, formatMoney, plural } from '@villas/shared';
import { Building2, CalendarCheck, Coins, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { useAdminOverview } from '../api/get-overview';

function Card({
  icon,
  label,
  value,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  note: ReactNode;
}) {
  return (
    <div className="relative min-w-0 rounded-[3px] border border-line bg-ivory/70 px-4 py-4 sm:px-6 sm:py-5">
      <dt className="flex items-start gap-2 text-[11px] font-medium uppercase leading-4 tracking-[0.1em] text-stone sm:tracking-[0.16em]">
        <span className="mt-px text-gold-deep" aria-hidden>
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-2 font-display text-[34px] font-medium leading-none text-ink tabular-nums sm:text-[42px]">
        {value}
      </dd>
      <dd className="mt-2 text-xs leading-snug text-stone">{note}</dd>
    </div>
  );
}

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4';

/**
 * The four summary cards with real figures: total properties, available now (flag on
 * and today not blocked), the median price per night in EUR, and destinations (subregions) with their
 * countries, where the original showed a fixed 5.
 */
export function SummaryCards() {
  const { data, isPending, isError, refetch, isFetching } = useAdminOverview();

  if (isPending || isError)
    return (
      <QueryState
        pending={isPending}
        error={isError}
        loading={
          <div className={GRID} aria-busy="true" aria-label="Loading the overview">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="rounded-[3px] border border-line bg-ivory/70 px-6 py-5">
                <div className="h-3 w-24 animate-pulse rounded bg-sand" />
                <div className="mt-3 h-9 w-16 animate-pulse rounded bg-sand" />
                <div className="mt-3 h-3 w-28 animate-pulse rounded bg-sand" />
              </div>
            ))}
          </div>
        }
        onRetry={refetch}
        retrying={isFetching}
        what="The overview figures"
        errorLayout="row"
        errorClassName="flex flex-wrap items-center gap-4 rounded-[3px] border border-line bg-ivory/70 px-6 py-5 text-sm text-stone"
      />
    );

  // The median, not the mean: a few islands at many times the rest would pull the mean up.
  const median = data.medianNightlyPriceEur;
  return (
    <dl className={GRID}>
      <Card
        icon={<Building2 className="h-3.5 w-3.5" />}
        label="Total properties"
        value={data.totalProperties.toLocaleString('en-US')}
        note="In the catalogue"
      />
      <Card
        icon={<CalendarCheck className="h-3.5 w-3.5" />}
        label="Available now"
        value={data.availableNow.toLocaleString('en-US')}
        note={`Bookable today, ${formatLongDate(data.asOf)}`}
      />
      <Card
        icon={<Coins className="h-3.5 w-3.5" />}
        label="Median price / night"
        value={median == null ? '—' : formatMoney(median)}
        note={
          median == null
            ? 'No priced properties yet'
            : `EUR, the middle of ${plural(data.pricedProperties, 'priced property', 'priced properties')}`
        }
      />
      <Card
        icon={<MapPin className="h-3.5 w-3.5" />}
        label="Destinations"
        value={data.destinations.toLocaleString('en-US')}
        note={`Subregions across ${plural(data.countries, 'country', 'countries')}`}
      />
    </dl>
  );
}
