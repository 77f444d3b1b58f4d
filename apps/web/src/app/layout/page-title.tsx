import { useMatches } from 'react-router';
import { useCompany } from '../../lib/company';

/** What a route declares in its `handle` (router.tsx). */
export interface RouteHandle {
  /** The screen's name in the document title: '{title} — {brand}'. */
  title?: string;
  /** The route module's source path, which names its chunk in the build manifest (router.tsx). */
  module?: string;
}

/**
 * The document title of a screen, '{title} — {brand}' with the brand from /api/company. React 19
 * hoists the <title> into <head>, in front of index.html's, and removes it when the screen goes.
 */
export function PageTitle({ title }: { title: string }) {
  const { data: company } = useCompany();
  return <title>{company?.brandName ? `${title} — ${company.brandName}` : title}</title>;
}

/**
 * The title of the deepest matched route that names one (`handle.title`). Routes whose title comes
 * from data (the public collection: its link's title) name none and render their own <title>.
 */
export function RouteTitle() {
  const title = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  return title ? <PageTitle title={title} /> : null;
}
