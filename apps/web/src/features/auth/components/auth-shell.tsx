import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';

/** Split layout for the sign-in and application screens: image panel on wide screens, form on paper. */
export function AuthShell({
  eyebrow,
  title,
  intro,
  children,
  aside,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="grid min-h-[calc(100dvh-4.5rem)] lg:grid-cols-[5fr_6fr]">
      <div className="relative hidden overflow-hidden bg-sea lg:block">
        <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_30%_20%,#3c6a72_0%,#17313a_55%,#0f2228_100%)]" />
        <div className="absolute inset-x-0 bottom-0 h-1/2 bg-gradient-to-t from-[#0b1a1f] to-transparent" />
        <div className="relative flex h-full flex-col justify-end p-14 text-ivory">
          <p className="eyebrow !text-[#d9bf8c]">For travel professionals</p>
          <p className="mt-5 max-w-md font-display text-5xl leading-[1.05]">
            Private villas, chalets and islands, for the clients who expect everything.
          </p>
          {aside}
        </div>
      </div>
      <div className="flex items-start justify-center px-5 py-12 sm:px-10 lg:items-center">
        <div className="w-full max-w-md">
          <Link to="/" className="inline-flex items-center gap-2 text-sm text-stone hover:text-ink">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Home
          </Link>
          <p className="eyebrow mt-10">{eyebrow}</p>
          <h1 className="mt-3 text-5xl leading-none">{title}</h1>
          <div className="mt-4 text-stone">{intro}</div>
          <div className="mt-10">{children}</div>
        </div>
      </div>
    </div>
  );
}
