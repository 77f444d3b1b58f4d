import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of each page of a PDF as pdf.js reads it (what a reader's search and copy see), with runs
 * of white space (line breaks included) as one space.
 */
export async function pdfPages(data: Buffer): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(data), useSystemFonts: false });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((i) => ('str' in i ? i.str + (i.hasEOL ? ' ' : '') : ''))
          .join('')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** The addresses of the link annotations of each page of a PDF (what a reader opens when clicked). */
export async function pdfLinks(data: Buffer): Promise<string[][]> {
  const task = getDocument({ data: new Uint8Array(data), useSystemFonts: false });
  const doc = await task.promise;
  try {
    const pages: string[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const annotations = (await (await doc.getPage(n)).getAnnotations()) as Array<{
        subtype?: string;
        url?: string;
        unsafeUrl?: string;
      }>;
      pages.push(annotations.filter((a) => a.subtype === 'Link').map((a) => a.url ?? a.unsafeUrl ?? ''));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
