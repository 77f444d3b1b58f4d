/** JSON timestamps: ISO strings. Date-only columns are already yyyy-MM-dd strings. */
export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : typeof d === 'string' ? new Date(d).toISOString() : d.toISOString();

/** numeric columns come back as strings; the API answers numbers. */
export const num = (v: string | number | null | undefined): number | null =>
  v == null ? null : typeof v === 'number' ? v : Number(v);
