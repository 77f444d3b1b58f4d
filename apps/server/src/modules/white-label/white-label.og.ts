import { pluralWord } from '@villas/shared';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/env';
import type { Queryable } from '@villas/db/client';
import * as repo from './white-label.repository';

/** The SPA route of a shared collection, the public page /white-label/{uuid}. */
export const WHITE_LABEL_PAGE = /^\/white-label\/[^/]+\/?$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

type PreviewRequest = Pick<FastifyRequest, 'url' | 'protocol' | 'host'>;

function origin(config: Pick<Config, 'publicUrl'>, request: PreviewRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

function absolute(url: string, base: string): string {
  try {
    return new URL(url, `${base}/`).toString();
  } catch {
    return url;
  }
}

/**
 * Open Graph and Twitter tags for a live shared link, so a link pasted into WhatsApp or an e-mail shows
 * the collection's title, description and first villa image. Reads only: a preview fetch by a
 * messaging app is not a client's view. Unknown, expired, inactive or deleted links: HTML unchanged.
 */
export function createOpenGraphTransform(deps: {
  db: Queryable;
  config: Pick<Config, 'publicUrl' | 'company'>;
}) {
  return async function openGraphTransform(request: PreviewRequest, html: string): Promise<string> {
    const pathname = request.url.split('?')[0] ?? '';
    // No decoding: a uuid has nothing to decode, and a malformed escape must not break the page.
    const uuid = pathname.replace(/^\/white-label\//, '').replace(/\/$/, '');
    if (!UUID_RE.test(uuid)) return html;
    const link = await repo.findLiveLinkByUuid(deps.db, uuid);
    if (!link) return html;

    const base = origin(deps.config, request);
    const image = await repo.firstImageOf(deps.db, link.propertyIds);
    const count = link.propertyIds.length;
    const curator = [link.agentName, link.companyName].filter(Boolean).join(', ');
    const description =
      link.description?.trim() ||
      `A private selection of ${count} luxury ${pluralWord(count, 'residence')}${
        curator ? ` curated by ${curator}` : ''
      }.`;
    type Tag = [attr: 'property' | 'name', key: string, value: string];
    const imageTag = (attr: Tag[0], key: string): Tag[] =>
      image ? [[attr, key, absolute(image, base)]] : [];
    const tags: Tag[] = [
      ['property', 'og:type', 'website'],
      ['property', 'og:site_name', deps.config.company.brandName],
      ['property', 'og:title', link.title],
      ['property', 'og:description', description],
      ['property', 'og:url', absolute(`/white-label/${link.uuid}`, base)],
      ...imageTag('property', 'og:image'),
      ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
      ['name', 'twitter:title', link.title],
      ['name', 'twitter:description', description],
      ...imageTag('name', 'twitter:image'),
    ];
    const meta = tags
      .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`)
      .join('\n    ');
    const title = `<title>${escapeHtml(link.title)}</title>`;

    let out = /<title>[\s\S]*?<\/title>/i.test(html)
      ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title)
      : html.replace(/<\/head>/i, () => `  ${title}\n  </head>`);
    out = out.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/i,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    );
    return out.replace(/<\/head>/i, () => `  ${meta}\n  </head>`);
  };
}
