import type { ReactNode } from 'react';

/**
 * One card of an admin list (inside its `<ul>`): an article named by its heading (`labelledBy`), on
 * paper, as tall as the tallest card in its grid row.
 */
export function ListCard({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <li>
      <article
        aria-labelledby={labelledBy}
        className="flex h-full flex-col rounded-[3px] border border-line bg-paper p-5 shadow-soft sm:p-6"
      >
        {children}
      </article>
    </li>
  );
}

/** A labelled figure on a card (inside a `<dl>`); `wide` spans both columns of a two-column grid. */
export function CardDetail({
  label,
  children,
  wide,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-[11px] uppercase tracking-[0.14em] text-stone">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-ink">{children}</dd>
    </div>
  );
}
