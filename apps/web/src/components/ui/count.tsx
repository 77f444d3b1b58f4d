/** One figure of an admin list's summary (inside a `<dl>`): its label above, '–' until it is known. */
export function Count({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="min-w-28 rounded-[3px] border border-line bg-paper px-5 py-3">
      <dt className="text-[11px] font-medium uppercase tracking-[0.16em] text-stone">{label}</dt>
      <dd className="mt-1 font-display text-3xl leading-none tabular-nums">{value ?? '–'}</dd>
    </div>
  );
}
