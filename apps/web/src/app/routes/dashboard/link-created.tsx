import type { WhiteLabelLink } from '@villas/shared';
import { CheckCircle2, ExternalLink, X } from 'lucide-react';
import { type Ref } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * The confirmation of a link just created, which keeps focus after its dialog closes: its title, a
 * link to open it again (it opened in a new tab, unless the browser blocked that) and My Links.
 */
export function LinkCreated({
  ref,
  link,
  onDismiss,
}: {
  ref: Ref<HTMLElement>;
  link: WhiteLabelLink;
  onDismiss: () => void;
}) {
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="link-created-title"
      className="mb-8 flex items-start gap-4 rounded-[3px] border border-line border-l-2 border-l-gold bg-paper p-5 shadow-soft outline-none focus-visible:ring-2 focus-visible:ring-gold-deep"
    >
      <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden />
      <div className="min-w-0 flex-1">
        <h2 id="link-created-title" className="font-sans text-base font-medium text-ink">
          White-label Link Created
        </h2>
        <p className="mt-1 text-sm text-stone">
          “{link.title}” is ready to share with your client and opened in a new tab.
        </p>
        <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <a
            href={paths.whiteLabel(link.uuid)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 font-medium text-gold-deep underline-offset-4 hover:underline"
          >
            <ExternalLink className="h-3.5 w-3.5" aria-hidden />
            Open the link <span className="sr-only">in a new tab</span>
          </a>
          <Link
            to={paths.userDashboard}
            className="font-medium text-gold-deep underline-offset-4 hover:underline"
          >
            My Links
          </Link>
        </div>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-m-2 inline-flex h-10 w-10 shrink-0 cursor-pointer items-center justify-center rounded-full text-stone hover:bg-sand hover:text-ink"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </section>
  );
}
