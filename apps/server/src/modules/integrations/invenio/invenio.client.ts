import type { InvenioFilters } from '@villas/shared';
import type { Outbound } from '../../../lib/outbound';
import type { Credentials } from '../integrations.service';
import { ProviderError, providerErrorOf } from '../../../lib/provider-error';

/**
 * Invenio's Data Export API as its users document it: headers `api-key` and `bp_uuid` (the business
 * partner UUID, the original apiSecret), every call a POST under /plapi/getdata/, filters as a JSON
 * array in the form field `param`. Answers are arrays of villas (or the same wrapped in
 * `{"data": [...]}`), and `price_data` keyed by v_uuid for prices.
 */

export interface InvenioVilla {
  v_uuid: string;
  name: string;
  description: string;
  destination: string | null;
  district: string | null;
  areaname: string | null;
  country: string | null;
  bedrooms: number | null;
  sleeps: number | null;
  photos: string[];
  features: string[];
  /** Weekly prices. */
  minimum_price: number | null;
  maximum_price: number | null;
  minimum_nights: number | null;
  allowed_checkin_days: string | null;
  ical_url: string | null;
  /** Availability search only: net price of the stay, 0 = on request. */
  price?: number | null;
}

export interface InvenioPricePeriod {
  start_date: string;
  end_date: string;
  amount: number;
  currency_code: string;
  unit: string;
  minimum_nights: number | null;
  allowed_checkin_days: string | null;
}

/** v_uuid → periods, or null when the price is on request. */
export type InvenioPriceData = Record<string, InvenioPricePeriod[] | null>;

export const INVENIO_PATHS = {
  list: '/plapi/getdata/api_villa_list',
  availability: '/plapi/getdata/api_villa_availability',
  price: '/plapi/getdata/api_villa_price',
} as const;

const LIST_MAX_BYTES = 25 * 1024 * 1024;

const text = (v: unknown, max = 10_000): string | null => {
  if (v == null) return null;
  const s = String(v).trim();
  return s ? s.slice(0, max) : null;
};
const number = (v: unknown): number | null => {
  if (v == null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/[^0-9.-]/g, ''));
  return Number.isFinite(n) ? n : null;
};
const list = (v: unknown, key: string): string[] => {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,;|]/) : [];
  return items
    .map((i) =>
      i && typeof i === 'object'
        ? ((i as Record<string, unknown>)[key] ?? (i as Record<string, unknown>).name)
        : i,
    )
    .map((i) => text(i, 2000))
    .filter((i): i is string => !!i);
};
const isoDay = (v: unknown): string | null => {
  const s = text(v, 40);
  const m = s && /^(\d{4}-\d{2}-\d{2})/.exec(s);
  return m ? m[1]! : null;
};

/** One villa object of any of the answers, defensively read (numbers may come as strings). */
export function readVilla(raw: unknown): InvenioVilla | null {
  if (!raw || typeof raw !== 'object') return null;
  const v = raw as Record<string, unknown>;
  const id = text(v.v_uuid ?? v.uuid ?? v.id, 200);
  if (!id) return null;
  return {
    v_uuid: id,
    name: text(v.name ?? v.villa_name, 200) ?? `Villa ${id.slice(0, 8)}`,
    description: text(v.description, 10_000) ?? '',
    destination: text(v.destination, 100),
    district: text(v.district, 100),
    areaname: text(v.areaname, 100),
    country: text(v.country, 100),
    bedrooms: number(v.bedrooms),
    sleeps: number(v.sleeps),
    photos: list(v.photos, 'url'),
    features: list(v.features, 'name'),
    minimum_price: number(v.minimum_price),
    maximum_price: number(v.maximum_price),
    minimum_nights: number(v.minimum_nights),
    allowed_checkin_days: text(v.allowed_checkin_days, 200),
    ical_url: text(v.ical_url, 2000),
    ...(v.price !== undefined ? { price: number(v.price) } : {}),
  };
}

function villasOf(body: unknown): InvenioVilla[] {
  const arr = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)
      ? (body as { data: unknown[] }).data
      : null;
  if (!arr) throw new ProviderError('Invenio answered something other than a list of villas');
  return arr.map(readVilla).filter((v): v is InvenioVilla => v != null);
}

function periodsOf(raw: unknown): InvenioPricePeriod[] | null {
  if (!Array.isArray(raw)) return null;
  const periods = raw
    .map((p): InvenioPricePeriod | null => {
      if (!p || typeof p !== 'object') return null;
      const r = p as Record<string, unknown>;
      const start = isoDay(r.start_date);
      const end = isoDay(r.end_date);
      const amount = number(r.amount);
      if (!start || !end || amount == null) return null; // e.g. {"message":"Price on request"}
      return {
        start_date: start,
        end_date: end,
        amount,
        currency_code: (text(r.currency_code, 3) ?? 'EUR').toUpperCase(),
        unit: text(r.unit, 20) ?? 'Night',
        minimum_nights: number(r.minimum_nights),
        allowed_checkin_days: text(r.allowed_checkin_days, 200),
      };
    })
    .filter((p): p is InvenioPricePeriod => p != null);
  return periods.length ? periods : null;
}

function priceDataOf(body: unknown): InvenioPriceData {
  let obj: unknown = body;
  if (Array.isArray(obj)) obj = obj[0];
  if (obj && typeof obj === 'object' && 'data' in obj && !('price_data' in obj))
    obj = (obj as { data: unknown }).data;
  if (Array.isArray(obj)) obj = obj[0];
  const data = obj && typeof obj === 'object' ? (obj as { price_data?: unknown }).price_data : undefined;
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new ProviderError('Invenio answered prices without price_data');
  }
  const out: InvenioPriceData = {};
  for (const [id, periods] of Object.entries(data as Record<string, unknown>)) out[id] = periodsOf(periods);
  return out;
}

/** The Invenio filter object of the test panel, as the `param` array Invenio reads. */
function paramOf(filters: InvenioFilters | undefined): string | undefined {
  if (!filters) return undefined;
  const f = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  return Object.keys(f).length ? JSON.stringify([f]) : undefined;
}

export class InvenioClient {
  constructor(
    private readonly outbound: Outbound,
    private readonly credentials: Credentials,
    private readonly opts: { timeoutMs: number; signal?: AbortSignal },
  ) {}

  private async post(path: string, param?: string): Promise<unknown> {
    const url = new URL(path, `${this.credentials.baseUrl.replace(/\/+$/, '')}/`);
    let res;
    try {
      res = await this.outbound.request(url, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'api-key': this.credentials.apiKey,
          bp_uuid: this.credentials.apiSecret ?? '',
        },
        body: new URLSearchParams(param ? { param } : {}),
        timeoutMs: this.opts.timeoutMs,
        maxBytes: LIST_MAX_BYTES,
        signal: this.opts.signal,
      });
    } catch (err) {
      throw providerErrorOf(err, 'Invenio');
    }
    if (!res.ok) throw new ProviderError(`HTTP error! status: ${res.status}`, res.status);
    let body: unknown;
    try {
      body = JSON.parse(res.text());
    } catch {
      throw new ProviderError('Invenio answered with malformed JSON');
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const b = body as Record<string, unknown>;
      const failure = b.error ?? (b.success === false ? b.message : undefined);
      if (failure) throw new ProviderError(`Invenio: ${String(failure).slice(0, 300)}`);
    }
    return body;
  }

  async listVillas(): Promise<InvenioVilla[]> {
    return villasOf(await this.post(INVENIO_PATHS.list));
  }

  async availability(filters: InvenioFilters): Promise<InvenioVilla[]> {
    return villasOf(await this.post(INVENIO_PATHS.availability, paramOf(filters)));
  }

  async prices(filters?: InvenioFilters): Promise<InvenioPriceData> {
    return priceDataOf(await this.post(INVENIO_PATHS.price, paramOf(filters)));
  }
}
