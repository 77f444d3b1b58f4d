import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { propertyImages, whiteLabelLinks, whiteLabelViews } from '@villas/db/schema';
import { createProperty, signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';
import { WHITE_LABEL_PAGE, createOpenGraphTransform, escapeHtml } from './white-label.og';

const ctx = useTestContext({ PUBLIC_URL: 'https://villas.example.com/' });

const SPA = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Luxury Villas for Travel Professionals</title>
    <meta
      name="description"
      content="Private villas, chalets and islands for licensed travel agents and tour operators."
    />
  </head>
  <body><div id="root"></div></body>
</html>`;

const req = (path: string) => ({ url: path, protocol: 'http' as const, host: 'localhost:4321' });

async function makeLink(over: Record<string, unknown> = {}, imageUrls = ['/uploads/azur-1.webp']) {
  const a = await signedIn(ctx.app, ctx.db, 'agent', {
    firstName: 'Sophie',
    lastName: 'Laurent',
    company: 'Azure',
  });
  const noImage = await createProperty(ctx.db);
  const withImages = await createProperty(ctx.db);
  if (imageUrls.length) {
    await ctx.db
      .insert(propertyImages)
      .values(imageUrls.map((url, i) => ({ propertyId: withImages.id, url, sortOrder: i })));
  }
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/white-label',
    headers: { cookie: a.cookie },
    payload: {
      agentId: a.user.id,
      title: 'Azure - Sophie Laurent',
      propertyIds: [noImage.id, withImages.id],
      ...over,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; uuid: string };
}

const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`))?.[1];

describe('Open Graph tags on /white-label/{uuid}', () => {
  it('registers for the public page path only', () => {
    const entry = ctx.app.htmlTransforms.find((t) => t.pattern === WHITE_LABEL_PAGE);
    expect(entry).toBeDefined();
    expect(WHITE_LABEL_PAGE.test('/white-label/abc')).toBe(true);
    expect(WHITE_LABEL_PAGE.test('/white-label/abc/')).toBe(true);
    expect(WHITE_LABEL_PAGE.test('/white-label/abc/more')).toBe(false);
    expect(WHITE_LABEL_PAGE.test('/dashboard')).toBe(false);
  });

  it('injects title, description and the first image as an absolute URL for a live link', async () => {
    const link = await makeLink({ description: 'Three sea-view villas for the Martin family' }, [
      '/uploads/azur-1.webp',
      '/uploads/azur-2.webp',
    ]);
    const transform = createOpenGraphTransform(ctx.app);
    const html = await transform(req(`/white-label/${link.uuid}?utm=wa`), SPA);
    expect(html).toContain('<title>Azure - Sophie Laurent</title>');
    expect(html).not.toContain('Luxury Villas for Travel Professionals');
    expect(meta(html, 'og:title')).toBe('Azure - Sophie Laurent');
    expect(meta(html, 'og:description')).toBe('Three sea-view villas for the Martin family');
    expect(meta(html, 'description')).toBe('Three sea-view villas for the Martin family');
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:url')).toBe(`https://villas.example.com/white-label/${link.uuid}`);
    expect(meta(html, 'og:image')).toBe('https://villas.example.com/uploads/azur-1.webp');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe('Azure - Sophie Laurent');
    expect(meta(html, 'twitter:description')).toBe('Three sea-view villas for the Martin family');
    expect(meta(html, 'twitter:image')).toBe('https://villas.example.com/uploads/azur-1.webp');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('uses the request origin without PUBLIC_URL, keeps absolute image URLs and describes a link without description', async () => {
    const link = await makeLink({}, ['https://cdn.example.net/villa.jpg']);
    const transform = createOpenGraphTransform({
      db: ctx.db,
      config: { ...ctx.config, publicUrl: undefined },
    });
    const html = await transform(req(`/white-label/${link.uuid}`), SPA);
    expect(meta(html, 'og:image')).toBe('https://cdn.example.net/villa.jpg');
    expect(meta(html, 'og:url')).toBe(`http://localhost:4321/white-label/${link.uuid}`);
    expect(meta(html, 'og:description')).toBe(
      'A private selection of 2 luxury residences curated by Sophie Laurent, Azure.',
    );
  });

  it('escapes the agent-written title and description', async () => {
    const title = `<script>alert("x")</script> Villas & 'Chalets'`;
    const link = await makeLink({ title, description: `"Best" <b>views</b>` });
    const html = await createOpenGraphTransform(ctx.app)(req(`/white-label/${link.uuid}`), SPA);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Villas &amp; &#39;Chalets&#39;';
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(meta(html, 'og:title')).toBe(escaped);
    expect(meta(html, 'twitter:description')).toBe('&quot;Best&quot; &lt;b&gt;views&lt;/b&gt;');
    expect(escapeHtml(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&#39;e&#39;');
  });

  it('leaves the HTML unchanged for unknown, malformed, inactive and deleted links', async () => {
    const transform = createOpenGraphTransform(ctx.app);
    const inactive = await makeLink({ isActive: false });
    const deleted = await makeLink();
    await ctx.db
      .update(whiteLabelLinks)
      .set({ deletedAt: new Date() })
      .where(eq(whiteLabelLinks.id, deleted.id));
    for (const path of [
      `/white-label/${crypto.randomUUID()}`,
      '/white-label/%E0%A4%A',
      '/white-label/not-a-uuid',
      `/white-label/${inactive.uuid}`,
      `/white-label/${deleted.uuid}`,
    ]) {
      expect(await transform(req(path), SPA)).toBe(SPA);
    }
  });

  it('does not record a view (a preview fetch is not a client visit)', async () => {
    const link = await makeLink();
    await createOpenGraphTransform(ctx.app)(req(`/white-label/${link.uuid}`), SPA);
    expect(
      await ctx.db.select().from(whiteLabelViews).where(eq(whiteLabelViews.linkId, link.id)),
    ).toHaveLength(0);
  });

  it('omits the image tags when no villa has an image', async () => {
    const link = await makeLink({}, []);
    const html = await createOpenGraphTransform(ctx.app)(req(`/white-label/${link.uuid}`), SPA);
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'og:title')).toBe('Azure - Sophie Laurent');
  });
});
