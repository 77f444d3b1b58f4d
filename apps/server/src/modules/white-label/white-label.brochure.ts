import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import {
  bathroomsFor,
  clientPriceParts,
  type ClientPrice,
  formatLongDate,
  phoneLinks,
  PROPERTY_TYPE_LABELS,
  type PublicProperty,
  type PublicWhiteLabel,
  plural,
} from '@villas/shared';
import PDFDocument from 'pdfkit';
import { formatInternational } from '../../lib/phone';
import { loadSharp } from '../../lib/sharp';
import {
  COVER,
  coverPhoto,
  INNER,
  MAIN,
  MARGIN,
  PAGE,
  type PhotoRequest,
  photoFiles,
  THUMB,
  villaPhotoRequests,
} from './white-label.brochure-sources';

/**
 * The link's brochure (GET /api/white-label/{uuid}/brochure.pdf): a branded A4 document made from the
 * same answer as the client's page — a cover with the agent's title, company and the collection's
 * first photograph, then one page per villa with its photographs, facts, amenities and the client's
 * price (never a trade price). Written with pdfkit in the site's typefaces (Cormorant Garamond for
 * display, Inter for text; WOFF files of the @fontsource packages).
 *
 * Photographs are read only from this server's own uploads (`/uploads/…` under UPLOAD_DIR): a public
 * route never fetches an address it is handed. WebP (what the uploads are) is converted to JPEG with
 * sharp at the size printed, and kept in a small in-process cache: stored images never change under
 * a name (new content gets a new name), so a cached copy never goes stale.
 *
 * It runs in the brochure worker (white-label.brochure-worker.ts), never on the server's main thread:
 * pdfkit is synchronous, and a large brochure takes seconds.
 */

const resolveModule = createRequire(import.meta.url);

// The house palette (apps/web/src/styles.css).
const C = {
  ivory: '#f8f5ef',
  paper: '#fffdf9',
  line: '#e2d9ca',
  stone: '#6b645a',
  ink: '#1d1b18',
  gold: '#a8844f',
  goldDeep: '#7a5c33',
  sea: '#17313a',
  champagne: '#ecdcc0',
};

type FontName = 'display' | 'displayItalic' | 'sans' | 'sansMedium';
const FONT_FILES: Record<FontName, (subset: string) => string> = {
  display: (s) => `@fontsource/cormorant-garamond/files/cormorant-garamond-${s}-500-normal.woff`,
  displayItalic: (s) => `@fontsource/cormorant-garamond/files/cormorant-garamond-${s}-400-italic.woff`,
  sans: (s) => `@fontsource/inter/files/inter-${s}-400-normal.woff`,
  sansMedium: (s) => `@fontsource/inter/files/inter-${s}-500-normal.woff`,
};

/**
 * The font files come in subsets (fontsource): 'latin' covers Western European text and the currency
 * signs; 'latin-ext' the rest of the Latin script (Š, ł, ő…). Text is written in runs, each in the
 * subset that has its characters.
 */
const LATIN_RANGES: Array<[number, number]> = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];
const inLatin = (cp: number) => LATIN_RANGES.some(([a, b]) => cp >= a && cp <= b);

/** `text` split into runs of the latin subset and of the latin-ext subset. */
export function subsetRuns(text: string): Array<{ ext: boolean; text: string }> {
  const runs: Array<{ ext: boolean; text: string }> = [];
  for (const ch of text) {
    const ext = !inLatin(ch.codePointAt(0)!);
    const last = runs[runs.length - 1];
    if (last && (last.ext === ext || /\s/.test(ch))) last.text += ch;
    else runs.push({ ext, text: ch });
  }
  return runs;
}

/**
 * A WOFF 1.0 font as the plain TrueType/OpenType file it wraps (W3C WOFF 1.0 §4–5: each table is
 * stored zlib-compressed when that is smaller). fontkit reads WOFF itself, but inflates a table with
 * a JavaScript inflater on every access, which made most of a brochure's time; unwrapped once with
 * Node's zlib, the fonts cost nothing per document.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : raw;
    if (data.length !== origLength) throw new Error('damaged WOFF table');
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const headerSize = 12 + 16 * numTables;
  const out = Buffer.alloc(headerSize + tables.reduce((sum, t) => sum + pad(t.data.length), 0));
  const log2 = Math.floor(Math.log2(numTables));
  out.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's version (TrueType or 'OTTO')
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(16 * 2 ** log2, 6);
  out.writeUInt16BE(log2, 8);
  out.writeUInt16BE(16 * numTables - 16 * 2 ** log2, 10);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const at = 12 + 16 * i;
    t.tag.copy(out, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += pad(t.data.length);
  });
  return out;
}

let fontData: Promise<Map<string, Buffer>> | undefined;
/** The font files, read and unwrapped once per process. */
function loadFonts(): Promise<Map<string, Buffer>> {
  fontData ??= (async () => {
    const entries = await Promise.all(
      (Object.keys(FONT_FILES) as FontName[]).flatMap((name) =>
        (['latin', 'latin-ext'] as const).map(async (subset) => {
          const file = resolveModule.resolve(FONT_FILES[name](subset));
          return [subset === 'latin' ? name : `${name}-ext`, woffToSfnt(await readFile(file))] as const;
        }),
      ),
    );
    return new Map(entries);
  })();
  fontData.catch(() => (fontData = undefined));
  return fontData;
}

// ---------------------------------------------------------------------------------------------------
// Photographs

/** Cached JPEG renditions by file and size; bounded by their total size. */
const CACHE_BYTES = 48 * 1024 * 1024;
const jpegCache = new Map<string, Buffer>();
let cachedBytes = 0;

function remember(key: string, data: Buffer): void {
  jpegCache.set(key, data);
  cachedBytes += data.length;
  for (const [k, v] of jpegCache) {
    if (cachedBytes <= CACHE_BYTES) break;
    jpegCache.delete(k);
    cachedBytes -= v.length;
  }
}

/** A photograph cropped to its printed pixels as JPEG, or null when it cannot be read. */
async function photo(request: PhotoRequest | null, uploadDir: string): Promise<Buffer | null> {
  if (!request) return null;
  const files = photoFiles(request, uploadDir);
  if (!files.length) return null;
  const { width, height } = request;
  const key = `${files[files.length - 1]}@${width}x${height}`;
  const hit = jpegCache.get(key);
  if (hit) return hit;
  const sharp = await loadSharp();
  for (const source of files) {
    try {
      const data = await sharp(await readFile(source), { limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width, height, fit: 'cover', position: 'attention' })
        .jpeg({ quality: 80, mozjpeg: false })
        .toBuffer();
      remember(key, data);
      return data;
    } catch {
      // A missing smaller copy or an unreadable file: try the next, else leave the frame empty.
    }
  }
  return null;
}

interface VillaPhotos {
  main: Buffer | null;
  thumbs: Buffer[];
}

async function villaPhotos(p: PublicProperty, uploadDir: string): Promise<VillaPhotos> {
  const requests = villaPhotoRequests(p);
  const [main, ...thumbs] = await Promise.all([
    photo(requests.main, uploadDir),
    ...requests.thumbs.map((t) => photo(t, uploadDir)),
  ]);
  return { main: main ?? null, thumbs: thumbs.filter((t): t is Buffer => t != null) };
}

// ---------------------------------------------------------------------------------------------------
// Layout

type Doc = PDFKit.PDFDocument;
type TextOptions = PDFKit.Mixins.TextOptions;

/** Writes `text` in `font` (falling back to the latin-ext subset run by run) at x, y. */
function write(
  doc: Doc,
  font: FontName,
  size: number,
  text: string,
  x: number,
  y: number,
  opts: TextOptions = {},
) {
  const runs = subsetRuns(text);
  doc.fontSize(size);
  if (runs.every((r) => !r.ext)) {
    doc.font(font).text(text, x, y, opts);
    return;
  }
  runs.forEach((r, i) => {
    doc.font(r.ext ? `${font}-ext` : font);
    const more = i < runs.length - 1;
    if (i === 0) doc.text(r.text, x, y, { ...opts, continued: more });
    else doc.text(r.text, { ...opts, continued: more });
  });
}

/** A piece of a line of links: its words, and the address it opens, if any. */
interface LinkPart {
  text: string;
  link?: string;
}

/**
 * One line of parts in `font` at `size`, each a link of its own where it has one (a reader opens the
 * address), starting at `x` or, with `align: 'right'`, ending at `x`. Latin text only (no subset runs).
 */
function writeParts(
  doc: Doc,
  font: FontName,
  size: number,
  parts: LinkPart[],
  x: number,
  y: number,
  align: 'left' | 'right' = 'left',
) {
  doc.font(font).fontSize(size);
  const widths = parts.map((p) => doc.widthOfString(p.text));
  let at = align === 'right' ? x - widths.reduce((a, b) => a + b, 0) : x;
  parts.forEach((p, i) => {
    doc.text(p.text, at, y, { lineBreak: false, ...(p.link ? { link: p.link, underline: false } : {}) });
    at += widths[i]!;
  });
}

/** The advisor's phone as link parts: '+33 4 93 12 34 56' (a call) · 'WhatsApp'; none without one. */
function phoneParts(link: PublicWhiteLabel['link'], sep: string): LinkPart[] {
  if (!link.agentPhone) return [];
  const to = phoneLinks(link.agentPhone);
  return [
    { text: formatInternational(link.agentPhone), link: to.call },
    { text: sep },
    { text: 'WhatsApp', link: to.whatsApp },
  ];
}

/** Height `text` takes in `font` at `size` within `width`. */
function heightOf(doc: Doc, font: FontName, size: number, text: string, opts: TextOptions): number {
  return doc.font(font).fontSize(size).heightOfString(text, opts);
}

const spaced = (size: number) => ({ characterSpacing: size * 0.06 });
const upper = (s: string) => s.toLocaleUpperCase('en-US');
const placeOf = (p: PublicProperty) => [p.subregion, p.region].filter(Boolean).join(', ') || p.location;
const stayText = (stay: NonNullable<PublicWhiteLabel['link']['stay']>) =>
  `${formatLongDate(stay.checkIn)} – ${formatLongDate(stay.checkOut)} · ${plural(stay.nights, 'night')}`;

function cover(doc: Doc, data: PublicWhiteLabel, image: Buffer | null) {
  const { link, properties } = data;
  const brand = link.companyName ?? link.agentName ?? 'Private Collection';
  doc.rect(0, 0, PAGE.width, PAGE.height).fill(C.ivory);
  if (image) {
    doc.image(image, 0, 0, { width: COVER.w, height: COVER.h });
    const shade = doc.linearGradient(0, 0, 0, 150);
    shade.stop(0, '#0f0e0c', 0.55).stop(1, '#0f0e0c', 0);
    doc.rect(0, 0, COVER.w, 150).fill(shade);
  } else {
    doc.rect(0, 0, COVER.w, COVER.h).fill(C.sea);
  }
  doc.fillColor('#ffffff');
  write(doc, 'display', 20, brand, MARGIN, 40, { width: INNER, lineBreak: false });

  let y = COVER.h + 44;
  doc.fillColor(C.goldDeep);
  write(doc, 'sansMedium', 7.5, upper('A private collection'), MARGIN, y, spaced(7.5));
  y += 22;
  doc.fillColor(C.ink);
  // Every block has a most it may take, so the cover never runs into its footer.
  const titleOpts = { width: INNER, lineGap: -4, height: 100, ellipsis: true };
  write(doc, 'display', 38, link.title, MARGIN, y, titleOpts);
  y += Math.min(100, heightOf(doc, 'display', 38, link.title, titleOpts)) + 14;
  doc.rect(MARGIN, y, 40, 0.8).fill(C.gold);
  y += 18;
  if (link.description) {
    const opts = { width: INNER * 0.8, lineGap: 3, height: 42, ellipsis: true };
    doc.fillColor(C.stone);
    write(doc, 'sans', 9.5, link.description, MARGIN, y, opts);
    y += Math.min(42, heightOf(doc, 'sans', 9.5, link.description, opts)) + 14;
  }
  const by = [link.agentName, link.companyName].filter(Boolean).join(', ');
  if (by) {
    doc.fillColor(C.goldDeep);
    write(doc, 'displayItalic', 16, `Curated by ${by}`, MARGIN, y, {
      width: INNER,
      lineBreak: false,
      ellipsis: true,
    });
  }

  // Footer: the number of residences and the stay, and the advisor's address.
  const fy = PAGE.height - 52;
  doc.rect(MARGIN, fy - 14, INNER, 0.5).fill(C.line);
  doc.fillColor(C.stone);
  const facts = [plural(properties.length, 'residence'), ...(link.stay ? [stayText(link.stay)] : [])];
  write(doc, 'sansMedium', 7, upper(facts.join('  ·  ')), MARGIN, fy, {
    width: INNER * 0.62,
    lineBreak: false,
    ...spaced(7),
  });
  // The advisor's e-mail, and under it their phone (a call) and WhatsApp, when the answer has one.
  const phone = phoneParts(link, '  ·  ');
  const phoneY = link.agentEmail ? fy + 12 : fy - 1.5;
  if (link.agentEmail) {
    write(doc, 'sans', 8.5, link.agentEmail, MARGIN + INNER / 2, fy - 1.5, {
      width: INNER / 2,
      align: 'right',
    });
  }
  if (phone.length) writeParts(doc, 'sans', 8.5, phone, MARGIN + INNER, phoneY, 'right');
}

/** The client's price box of a villa page (from its top `y`); returns where the next block starts. */
function drawPrice(
  doc: Doc,
  link: PublicWhiteLabel['link'],
  price: ClientPrice,
  rightX: number,
  rightW: number,
  y: number,
): number {
  const parts = clientPriceParts(price);
  const boxH = 78;
  doc.rect(rightX, y, rightW, boxH).fill(C.ivory);
  doc.rect(rightX, y, 1.2, boxH).fill(C.gold);
  doc.fillColor(C.goldDeep);
  write(
    doc,
    'sansMedium',
    6.5,
    upper(parts.lead ?? (link.stay && price.amount != null ? 'Your stay' : 'Rate')),
    rightX + 14,
    y + 12,
    { width: rightW - 24, ...spaced(6.5) },
  );
  doc.fillColor(C.ink);
  write(doc, 'display', price.amount == null ? 18 : 24, parts.figure, rightX + 14, y + 25, {
    width: rightW - 24,
    lineBreak: false,
  });
  if (parts.tail) {
    doc.fillColor(C.stone);
    write(doc, 'sans', 8, parts.tail, rightX + 14, y + 56, { width: rightW - 24 });
  }
  return y + boxH + 22;
}

function villaPage(doc: Doc, data: PublicWhiteLabel, p: PublicProperty, photos: VillaPhotos, n: number) {
  const { link } = data;
  const total = data.properties.length;
  doc.rect(0, 0, PAGE.width, PAGE.height).fill(C.paper);

  // Running head: the agent's company and the collection.
  doc.fillColor(C.stone);
  write(doc, 'sansMedium', 6.5, upper(link.companyName ?? link.agentName ?? ''), MARGIN, 24, {
    width: INNER / 2,
    lineBreak: false,
    ...spaced(6.5),
  });
  write(doc, 'displayItalic', 10, link.title, MARGIN + INNER / 2, 21.5, {
    width: INNER / 2,
    align: 'right',
    lineBreak: false,
    ellipsis: true,
  });

  let y = 44;
  if (photos.main) doc.image(photos.main, MARGIN, y, { width: MAIN.w, height: MAIN.h });
  else doc.rect(MARGIN, y, MAIN.w, MAIN.h).fill(C.ivory);
  y += MAIN.h + 8;
  if (photos.thumbs.length) {
    photos.thumbs.forEach((t, i) =>
      doc.image(t, MARGIN + i * (THUMB.w + 8), y, { width: THUMB.w, height: THUMB.h }),
    );
    y += THUMB.h;
  }
  y += 30;

  // Left column: place, name, facts, description. Right column: price, amenities.
  const rightW = 164;
  const gap = 30;
  const leftW = INNER - rightW - gap;
  const rightX = MARGIN + leftW + gap;
  const top = y;

  doc.fillColor(C.goldDeep);
  write(doc, 'sansMedium', 7, upper(placeOf(p)), MARGIN, y, { width: leftW, ...spaced(7) });
  y += 16;
  doc.fillColor(C.ink);
  const nameOpts = { width: leftW, lineGap: -3, height: 80, ellipsis: true };
  write(doc, 'display', 28, p.name, MARGIN, y, nameOpts);
  y += Math.min(80, heightOf(doc, 'display', 28, p.name, nameOpts)) + 10;

  const type = PROPERTY_TYPE_LABELS[p.propertyType] ?? 'Villa';
  const facts = [
    plural(p.bedrooms, 'bedroom'),
    plural(bathroomsFor(p.bedrooms), 'bathroom'),
    `Up to ${plural(p.maxGuests, 'guest')}`,
    type,
  ].join('   ·   ');
  doc.fillColor(C.ink);
  write(doc, 'sans', 8.5, facts, MARGIN, y, { width: leftW });
  y += 22;
  doc.rect(MARGIN, y, 32, 0.8).fill(C.gold);
  y += 16;

  const bottom = PAGE.height - 64;
  if (p.description) {
    doc.fillColor(C.stone);
    write(doc, 'sans', 8.8, p.description, MARGIN, y, {
      width: leftW,
      lineGap: 3.2,
      height: Math.max(0, bottom - y),
      ellipsis: true,
    });
  }

  // The client's price, set apart (none on a link that shows no prices).
  let ry = top;
  if (p.price) ry = drawPrice(doc, link, p.price, rightX, rightW, ry);

  if (p.amenities.length) {
    doc.fillColor(C.goldDeep);
    write(doc, 'sansMedium', 6.5, upper('Amenities'), rightX, ry, { width: rightW, ...spaced(6.5) });
    ry += 16;
    const lineH = 14;
    const room = Math.max(0, Math.floor((bottom - ry) / lineH));
    const shown = p.amenities.length > room ? p.amenities.slice(0, Math.max(0, room - 1)) : p.amenities;
    for (const a of shown) {
      doc.circle(rightX + 2, ry + 4.6, 1.1).fill(C.gold);
      doc.fillColor(C.ink);
      write(doc, 'sans', 8.3, a, rightX + 10, ry, { width: rightW - 10, lineBreak: false, ellipsis: true });
      ry += lineH;
    }
    if (shown.length < p.amenities.length) {
      doc.fillColor(C.stone);
      write(doc, 'sans', 8, `and ${p.amenities.length - shown.length} more`, rightX + 10, ry, {
        width: rightW - 10,
      });
    }
  }

  // Footer.
  const fy = PAGE.height - 40;
  doc.rect(MARGIN, fy - 10, INNER, 0.5).fill(C.line);
  doc.fillColor(C.stone);
  const contact = [link.agentName, link.agentEmail].filter(Boolean).join('  ·  ');
  if (contact) write(doc, 'sans', 7.5, contact, MARGIN, fy, { width: INNER - 60, lineBreak: false });
  const phone = phoneParts(link, '  ·  ');
  if (phone.length) {
    // After the name and e-mail, on the same line: '  ·  +33 4 93 12 34 56  ·  WhatsApp'.
    const after = contact ? doc.font('sans').fontSize(7.5).widthOfString(contact) : 0;
    doc.fillColor(C.stone);
    writeParts(doc, 'sans', 7.5, contact ? [{ text: '  ·  ' }, ...phone] : phone, MARGIN + after, fy);
  }
  write(doc, 'sans', 7.5, `${n + 1} / ${total + 1}`, MARGIN + INNER - 60, fy, { width: 60, align: 'right' });
}

/** The brochure as PDF bytes: a cover page, then one page per villa in the link's order. */
export async function renderBrochure(data: PublicWhiteLabel, opts: { uploadDir: string }): Promise<Buffer> {
  const fonts = await loadFonts();
  const [coverImage, ...photos] = await Promise.all([
    photo(coverPhoto(data), opts.uploadDir),
    ...data.properties.map((p) => villaPhotos(p, opts.uploadDir)),
  ]);

  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: data.link.title,
      Author: data.link.agentName ?? data.link.companyName ?? '',
      Subject: data.link.description ?? '',
      Creator: data.link.companyName ?? '',
      Producer: data.link.companyName ?? '',
    },
    lang: 'en',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [name, data] of fonts) doc.registerFont(name, data);

  doc.addPage();
  cover(doc, data, coverImage ?? null);
  data.properties.forEach((p, i) => {
    doc.addPage();
    villaPage(doc, data, p, photos[i]!, i + 1);
  });
  doc.end();
  return done;
}
