import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/**
 * Latin Extended-A (U+0100–017F) cut out of each Latin Extended font file the site declares, as a
 * file of its own: the letters of Central European names (č, š, ž, ł, ő, ş…) then cost a browser
 * 8–15 kB instead of the whole Latin Extended file (20 kB for a Cormorant face, 85 kB for Inter's
 * variable one, which also carries Vietnamese and the rarer Latin letters). fonts.css declares each
 * cut for U+0100–017F and the full file for the rest of Latin Extended, so every letter still has its
 * glyph; a browser fetches each file only when a page has a letter in its range.
 *
 * The cuts are written to `generated/fonts/` (not committed) when the dev server or a build starts,
 * from the installed @fontsource files, with harfbuzz (subset-font); Inter keeps its weight axis.
 */
export const LATIN_EXT_A: readonly [number, number] = [0x100, 0x17f];

/** The Latin Extended files fonts.css declares (their packages' paths). */
export const FONT_SOURCES = [
  '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2',
  '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-400-normal.woff2',
  '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-400-italic.woff2',
  '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-500-normal.woff2',
  '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-600-normal.woff2',
];

const SUBSET_DIR = path.join(import.meta.dirname, '..', 'generated', 'fonts');

/** `inter-latin-ext-wght-normal.woff2` → `inter-latin-ext-a-wght-normal.woff2`. */
export const subsetName = (source: string) => path.basename(source).replace('-latin-ext-', '-latin-ext-a-');

const require = createRequire(import.meta.url);

async function newer(file: string, than: string): Promise<boolean> {
  try {
    return (await stat(file)).mtimeMs >= (await stat(than)).mtimeMs;
  } catch {
    return false;
  }
}

/** Writes the cut of one source file unless an up-to-date one is there; returns its path. */
export async function writeSubset(spec: string, dir = SUBSET_DIR): Promise<string> {
  const source = require.resolve(spec);
  const target = path.join(dir, subsetName(spec));
  if (await newer(target, source)) return target;
  let text = '';
  for (let c = LATIN_EXT_A[0]; c <= LATIN_EXT_A[1]; c++) text += String.fromCodePoint(c);
  const font = await subsetFont(await readFile(source), text, { targetFormat: 'woff2' });
  await mkdir(dir, { recursive: true });
  // Written aside, then moved: a build and a dev server starting together never read half a file.
  const partial = `${target}.${process.pid}.partial`;
  await writeFile(partial, font);
  await rename(partial, target);
  return target;
}

export function fontSubsets(): Plugin {
  return {
    name: 'villas:font-subsets',
    async buildStart() {
      await Promise.all(FONT_SOURCES.map((spec) => writeSubset(spec)));
    },
  };
}
