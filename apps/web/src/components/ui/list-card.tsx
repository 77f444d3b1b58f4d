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
