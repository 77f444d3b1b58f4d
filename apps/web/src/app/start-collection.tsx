import type { PublicWhiteLabel } from '@villas/shared';
import { StrictMode } from 'react';
import { createRoot, type RootOptions } from 'react-dom/client';
import { api } from '../lib/api-client';
import { CollectionApp, collectionUrl, collectionUuid } from './collection-app';
import { hydrate } from './hydrate';
import { readSsrState } from './ssr-state';

/** React's reports of what it recovered from (a hydration mismatch among them); tests listen. */
type Options = Pick<RootOptions, 'onRecoverableError'>;

/**
 * The client's white-label page in the browser (collection.tsx). The server rendered it from the
 * link's data without counting a view (a link preview fetched by a messaging app is not a client):
 * the page hydrates, then reads the link once through the API as the client's browser (CollectionApp).
 */
export async function startCollection(root: HTMLElement, options: Options = {}) {
  const uuid = collectionUuid(window.location.pathname);
  // GET /api/white-label/{uuid}: the fetcher alone, not the query hooks of the app's collection route.
  const read = () => api<PublicWhiteLabel>(collectionUrl(uuid));
  const rendered = readSsrState()?.queries[collectionUrl(uuid)] as PublicWhiteLabel | null | undefined;
  if (rendered === undefined) {
    // Not rendered on the server: read the link first.
    const data = await read().catch(() => null);
    const created = createRoot(root, options);
    created.render(
      <StrictMode>
        <CollectionApp uuid={uuid} data={data} />
      </StrictMode>,
    );
    return created;
  }
  return hydrate(
    root,
    <StrictMode>
      <CollectionApp uuid={uuid} data={rendered} read={read} />
    </StrictMode>,
    options,
  );
}
