/**
 * The shared contract types the panel's `data` as `unknown` (it is Invenio's answer, passed
 * through). These readers take from it only what the panel shows, leniently: a field that is
 * missing or of another type is simply not shown.
 */

export interface VillaRow {
  id: string;
  name: string;
  /** Destination, else area or district. */
  place: string | null;
  country: string | null;
  bedrooms: number | null;
  sleeps: number | null;
  /** Availability search: the net price of the stay; 0 means on request. */
  stayPrice: number | null | undefined;
  /** Villa list: the weekly price range. */
  weeklyMin: number | null;
  weeklyMax: number | null;
}

export interface PricePeriod {
  from: string;
  to: string;
  amount: number;
  currency: string;
  unit: string;
  minimumNights: number | null;
}

/** One villa's periods; null when its price is on request. */
export interface VillaPricing {
  id: string;
  periods: PricePeriod[] | null;
}

export interface SyncSummary {
  total: number | null;
  created: number | null;
  updated: number | null;
  unavailable: number | null;
  errors: number | null;
  reportId: number | null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | null => {
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' && v.trim() ? v.trim() : null;
};
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

export function readVillas(data: unknown): VillaRow[] {
  const list = Array.isArray(data) ? data : isObj(data) && Array.isArray(data.data) ? data.data : [];
  return list.filter(isObj).map((v, i) => {
    const id = str(v.v_uuid) ?? str(v.id) ?? `villa-${i}`;
    return {
      id,
      name: str(v.name) ?? str(v.villa_name) ?? id,
      place: str(v.destination) ?? str(v.areaname) ?? str(v.district),
      country: str(v.country),
      bedrooms: num(v.bedrooms),
      sleeps: num(v.sleeps),
      stayPrice: 'price' in v ? num(v.price) : undefined,
      weeklyMin: num(v.minimum_price),
      weeklyMax: num(v.maximum_price),
    };
  });
}

export function readPricing(data: unknown): VillaPricing[] {
  if (!isObj(data)) return [];
  return Object.entries(data).map(([id, raw]) => {
    const periods = Array.isArray(raw)
      ? raw.filter(isObj).flatMap((p): PricePeriod[] => {
          const from = str(p.start_date);
          const to = str(p.end_date);
          const amount = num(p.amount);
          if (!from || !to || amount == null) return [];
          return [
            {
              from,
              to,
              amount,
              currency: str(p.currency_code) ?? '',
              unit: str(p.unit) ?? 'Night',
              minimumNights: num(p.minimum_nights),
            },
          ];
        })
      : [];
    return { id, periods: periods.length ? periods : null };
  });
}

export function readSyncSummary(data: unknown): SyncSummary {
  const d = isObj(data) ? data : {};
  return {
    total: num(d.total),
    created: num(d.created),
    updated: num(d.updated),
    unavailable: num(d.unavailable),
    errors: num(d.errors),
    reportId: num(d.reportId),
  };
}

export const formatAmount = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
