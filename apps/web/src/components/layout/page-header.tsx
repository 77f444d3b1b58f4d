import type { ReactNode } from 'react';

export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-line bg-paper">
      <div className="mx-auto max-w-7xl px-5 py-10 sm:px-8 sm:py-14">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 className="mt-2 text-4xl sm:text-5xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}
