import { formatLongDate, type InvenioResult, plural } from '@villas/shared';
import type { ReactNode } from 'react';
import type { InvenioAction } from '../api/run-invenio-test';
import { formatAmount, readPricing, readSyncSummary, readVillas, type VillaRow } from '../utils/invenio-data';

/** Rows drawn at most; the count still says how many came back. */
const MAX_ROWS = 200;

/** The one line a screen reader hears when an answer arrives. */
export function resultSummary(action: InvenioAction, result: InvenioResult) {
  if (action === 'pricing') return `prices of ${plural(readPricing(result.data).length, 'villa')}`;
  if (action === 'sync') return 'sync complete';
  return `${plural(result.count ?? readVillas(result.data).length, 'villa')} found`;
}

function Summary({ children }: { children: ReactNode }) {
  return <p className="text-sm font-medium text-ink">{children}</p>;
}

function priceOf(v: VillaRow) {
  if (v.stayPrice !== undefined) return v.stayPrice ? formatAmount(v.stayPrice) : 'On request';
  if (v.weeklyMin == null && v.weeklyMax == null) return '–';
  const range =
    v.weeklyMin != null && v.weeklyMax != null && v.weeklyMin !== v.weeklyMax
      ? `${formatAmount(v.weeklyMin)} – ${formatAmount(v.weeklyMax)}`
      : formatAmount((v.weeklyMin ?? v.weeklyMax)!);
  return `${range} / week`;
}

/** Villa List and Availability Search: the count, then name, destination, country, bedrooms and price. */
export function VillaResults({ result, label }: { result: InvenioResult; label: string }) {
  const villas = readVillas(result.data);
  if (villas.length === 0) return <Summary>No villas found.</Summary>;
  const isSearch = villas.some((v) => v.stayPrice !== undefined);
  return (
    <div>
      <Summary>{plural(result.count ?? villas.length, 'villa')} found</Summary>
      <div
        className="mt-3 max-h-[28rem] overflow-auto rounded-[3px] border border-line"
        role="region"
        aria-label={label}
        tabIndex={0}
      >
        <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="sticky top-0 bg-sand text-[11px] uppercase tracking-[0.12em] text-stone">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Villa
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Destination
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Country
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Bedrooms
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {isSearch ? 'Stay price' : 'Price'}
              </th>
            </tr>
          </thead>
          <tbody>
            {villas.slice(0, MAX_ROWS).map((v) => (
              <tr key={v.id} className="border-t border-line bg-paper">
                <th scope="row" className="px-3 py-2 font-medium text-ink">
                  {v.name}
                </th>
                <td className="px-3 py-2">{v.place ?? '–'}</td>
                <td className="px-3 py-2">{v.country ?? '–'}</td>
                <td className="px-3 py-2 text-right tabular-nums">{v.bedrooms ?? '–'}</td>
                <td className="px-3 py-2 text-right tabular-nums">{priceOf(v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {villas.length > MAX_ROWS && (
        <p className="mt-2 text-xs text-stone">
          Showing the first {MAX_ROWS} of {plural(villas.length, 'villa')}.
        </p>
      )}
    </div>
  );
}

/** Pricing Data: each villa's price periods, or 'Price on request'. */
export function PricingResults({ result }: { result: InvenioResult }) {
  const villas = readPricing(result.data);
  if (villas.length === 0) return <Summary>No prices found.</Summary>;
  return (
    <div>
      <Summary>Prices of {plural(villas.length, 'villa')}</Summary>
      <ul className="mt-3 max-h-[28rem] space-y-4 overflow-auto" aria-label="Prices by villa">
        {villas.slice(0, MAX_ROWS).map((v) => (
          <li key={v.id} className="rounded-[3px] border border-line bg-paper p-4">
            <p className="break-all font-mono text-xs text-stone">{v.id}</p>
            {v.periods ? (
              <ul className="mt-2 space-y-1 text-sm" aria-label={`Price periods of ${v.id}`}>
                {v.periods.map((p) => (
                  <li key={`${p.from}-${p.to}-${p.amount}`} className="flex flex-wrap gap-x-3">
                    <span>
                      {formatLongDate(p.from)} – {formatLongDate(p.to)}
                    </span>
                    <span className="font-medium tabular-nums">
                      {p.currency} {formatAmount(p.amount)} / {p.unit}
                    </span>
                    {p.minimumNights != null && (
                      <span className="text-stone">min. {plural(p.minimumNights, 'night')}</span>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-stone">Price on request</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Sync Properties: what the finished run did. */
export function SyncResults({ result }: { result: InvenioResult }) {
  const s = readSyncSummary(result.data);
  const rows: Array<[string, number | null | undefined]> = [
    ['Villas listed', s.total ?? result.count],
    ['New properties', result.synced ?? s.created],
    ['Updated', result.updated ?? s.updated],
    ['Marked unavailable', s.unavailable],
    ['Errors', s.errors],
  ];
  const reportId = result.reportId ?? s.reportId;
  return (
    <div>
      <Summary>
        Sync complete{reportId != null ? ` (report #${reportId}, details in Sync Monitoring)` : ''}
      </Summary>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-[3px] border border-line bg-paper px-4 py-3">
            <dt className="text-[11px] uppercase tracking-[0.14em] text-stone">{label}</dt>
            <dd className="mt-1 font-display text-2xl leading-none tabular-nums">{value ?? '–'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
