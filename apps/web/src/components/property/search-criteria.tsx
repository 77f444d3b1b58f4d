/**
 * A white-label link's search criteria as chips under a small caption, or a note that its villas
 * were hand-picked: the agent's own link list and the admin's link cards.
 */
export function SearchCriteria({ criteria, className }: { criteria: readonly string[]; className?: string }) {
  return (
    <div className={className}>
      <p className="text-[11px] uppercase tracking-[0.14em] text-stone">Search criteria</p>
      {criteria.length > 0 ? (
        <ul aria-label="Search criteria" className="mt-2 flex flex-wrap gap-1.5">
          {criteria.map((c) => (
            <li key={c} className="rounded-full bg-sand px-2.5 py-0.5 text-xs text-ink">
              {c}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-stone">Hand-picked selection, no filters</p>
      )}
    </div>
  );
}
