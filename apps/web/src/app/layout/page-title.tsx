import { useMatches } from 'react-router';
import { useCompany } from '../../lib/company';

/** What a route declares in its `handle` (router.tsx). */
export interface RouteHandle {
  /** The screen's name in the document title: '{title} — {brand}'. */
  title?: string;
  /** What the page offers, for search results and link previews (public pages). */
  description?: string;
  /** The route module's source path, which names its chunk in the build manifest (router.tsx). */
  module?: string;
}

/**
 * The document title of a screen, '{title} — {brand}' with the brand from /api/company, and the
 * same for a link preview (Open Graph), with the page's description when it has one. React 19 hoists
 * these into <head>, in front of index.html's, and removes them when the screen goes; on a page the
 * server rendered they are in the HTML already (the server adds og:url and makes og:image absolute).
 */
export function PageTitle({ title, description }: { title: string; description?: string }) {
  const { data: company } = useCompany();
  const full = company?.brandName ? `${title} — ${company.brandName}` : title;
  return (
    <>
      <title>{full}</title>
      <meta property="og:type" content="website" />
      <meta property="og:title" content={full} />
      {company?.brandName && <meta property="og:site_name" content={company.brandName} />}
      {description && <meta name="description" content={description} />}
      {description && <meta property="og:description" content={description} />}
    </>
  );
}

/**
 * The title (and description) of the deepest matched route that names one (`handle.title`). Routes whose title comes
 * from data (the public collection: its link's title) name none and render their own <title>.
 */
export function RouteTitle() {
  const handle = useMatches()
    .map((m) => m.handle as RouteHandle | undefined)
    .filter((h) => h?.title)
    .at(-1);
  return handle?.title ? <PageTitle title={handle.title} description={handle.description} /> : null;
}
