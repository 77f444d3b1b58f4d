import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fontverter from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';
import { afterAll, describe, expect, it } from 'vitest';
import { FONT_SOURCES, LATIN_EXT_A, subsetName, writeSubset } from './font-subsets';

const require = createRequire(import.meta.url);
const dir = mkdtempSync(path.join(tmpdir(), 'villas-font-subsets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function face(file: string) {
  const font = new Face(new Blob(await fontverter.convert(readFileSync(file), 'truetype')));
  return { unicodes: new Set(font.collectUnicodes()), axes: font.getAxisInfos() };
}

/** 'U+0100-02BA, U+0304' → its code points. */
function codePoints(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',').map((p) => p.trim())) {
    const [from, to = from] = part.replace(/^U\+/i, '').split('-');
    for (let c = parseInt(from!, 16); c <= parseInt(to!, 16); c++) points.add(c);
  }
  return points;
}
const isExtA = (c: number) => c >= LATIN_EXT_A[0] && c <= LATIN_EXT_A[1];

describe('the Latin Extended-A cuts of the fonts', () => {
  it.each(FONT_SOURCES)(
    '%s: every Extended-A letter the font has, nothing else, the same axes',
    async (spec) => {
      const source = await face(require.resolve(spec));
      const cut = await face(await writeSubset(spec, dir));
      const expected = [...source.unicodes].filter(isExtA).sort((a, b) => a - b);
      expect(expected.length).toBeGreaterThan(100);
      expect([...cut.unicodes].sort((a, b) => a - b)).toEqual(expected);
      // Inter's cut keeps its weight axis (100–900): one file still sets every weight.
      expect(cut.axes).toEqual(source.axes);
    },
  );

  it('writes a cut once: a second build reuses the file', async () => {
    const file = await writeSubset(FONT_SOURCES[0]!, dir);
    const written = statSync(file).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await writeSubset(FONT_SOURCES[0]!, dir)).toBe(file);
    expect(statSync(file).mtimeMs).toBe(written);
  });
});

describe('fonts.css', () => {
  const css = readFileSync(path.join(import.meta.dirname, '..', 'src', 'fonts.css'), 'utf8');
  const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body]) => {
    const prop = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(body!)?.[1]?.trim() ?? '';
    return {
      key: `${prop('font-family')} ${prop('font-style')} ${prop('font-weight')}`,
      src: /url\('([^']+)'\)/.exec(body!)![1]!,
      range: codePoints(prop('unicode-range')),
    };
  });

  it.each(FONT_SOURCES)(
    '%s: the cut and the full file together cover the Latin Extended range, without overlap',
    (spec) => {
      const full = faces.find((f) => f.src === spec);
      expect(full, `fonts.css declares ${spec}`).toBeDefined();
      const cut = faces.find((f) => f.src === `../generated/fonts/${subsetName(spec)}`);
      expect(cut, `fonts.css declares the cut of ${spec}`).toBeDefined();
      expect(cut!.key).toBe(full!.key);
      expect([...cut!.range].every(isExtA)).toBe(true);
      expect(cut!.range.size).toBe(LATIN_EXT_A[1] - LATIN_EXT_A[0] + 1);
      expect([...full!.range].some((c) => cut!.range.has(c))).toBe(false);
      // What the package itself declares for its Latin Extended file.
      const pkg = spec.split('/files/')[0]!;
      const declared = (require(`${pkg}/unicode.json`) as Record<string, string>)['latin-ext']!;
      expect(new Set([...full!.range, ...cut!.range])).toEqual(codePoints(declared));
    },
  );
});
