import type { PublicWhiteLabel } from '@villas/shared';
import { useEffect, useRef, useState } from 'react';
import { CollectionView, LinkNotFound } from '../features/public-collection/components/collection-view';

/** The uuid of a white-label link's page, `/white-label/{uuid}`, or '' for another path. */
export const collectionUuid = (pathname: string) => /^\/white-label\/([^/]+)\/?$/.exec(pathname)?.[1] ?? '';

/** The API answer a white-label page is rendered from: its query key (ssr-state.ts). */
export const collectionUrl = (uuid: string) => `/api/white-label/${encodeURIComponent(uuid)}`;

/**
 * The client's page as its own small app (collection.html): no router, no query cache, no navigation,
 * no agent or admin code; the villa dialog brings what it needs when a villa is opened. The server
 * renders it with the link's answer, or null for a link that is unknown, expired or inactive
 * (entry-server.tsx), and the browser hydrates the same tree (collection.tsx).
 */
export function CollectionApp({
  uuid,
  data: rendered,
  read,
}: {
  uuid: string;
  data: PublicWhiteLabel | null;
  /**
   * In the browser, for a link the server found: read once through the API after hydration. That
   * read is the client's view (GET /api/white-label/{uuid}, the link and its properties)
   * and brings the latest data; a failure leaves the page.
   */
  read?: () => Promise<PublicWhiteLabel>;
}) {
  const [data, setData] = useState(rendered);
  // Once, even when React mounts twice in development.
  const asked = useRef(false);
  useEffect(() => {
    if (!read || !rendered || asked.current) return;
    asked.current = true;
    read().then(setData, () => undefined);
  }, [read, rendered]);
  return data ? <CollectionView uuid={uuid} data={data} /> : <LinkNotFound />;
}
