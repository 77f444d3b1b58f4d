import { describe, expect, it } from 'vitest';
import { anchorsOf, check as checkDocs, pathsIn, slug } from './doc-links.mjs';
import { check as checkReferences, parseAllowList, referencesIn } from './references.mjs';

// Built from parts, so this file holds none of the words it plants.
const SEED = ['seed', '000'].join(' ');
const BRIEF_NAME = ['DESI', 'GN'].join('');
const BRIEF = `${BRIEF_NAME} §10`;
const ISSUE = ['issue', '10'].join(' ');

describe('the reference check', () => {
  it("finds the specification, the team's brief and the tracker, wherever they are written", () => {
    const text = [
      `// Prices per week (${SEED} §9).`,
      `# CI as ${BRIEF} asks`,
      `The fix of ${ISSUE}.`,
      `See ${['seeds', '001'].join('')} and ${BRIEF_NAME}.md and ${['Issue', '#7'].join(' ')}.`,
    ].join('\n');
    expect(referencesIn('a.ts', text).map((r) => [r.line, r.text])).toEqual([
      [1, SEED],
      [2, `${BRIEF_NAME} §`],
      [3, ISSUE],
      [4, ['seeds', '001'].join('')],
    ]);
  });

  it('leaves alone db:seed, SEED_DEMO, the plain word and an issue of a form', () => {
    const text = [
      'npm run db:seed',
      'SEED_DEMO=false',
      `the ${BRIEF_NAME.toLowerCase()} of the page`,
      "zod's first issue is shown",
      'seeded 183,595 nightly prices',
    ].join('\n');
    expect(referencesIn('a.ts', text)).toEqual([]);
  });

  it('lets through a line of the allow-list, in that file only', () => {
    const allow = parseAllowList(`# quoted\nvendor.md: upstream ${ISSUE} about fonts\n`);
    const text = `see upstream ${ISSUE} about fonts`;
    expect(referencesIn('vendor.md', text, allow)).toEqual([]);
    expect(referencesIn('other.md', text, allow)).toHaveLength(1);
  });

  it('passes on the repository as it is', () => {
    expect(checkReferences()).toEqual([]);
  });
});

describe('the documentation check', () => {
  it("makes GitHub's anchors of headings", () => {
    expect(slug('The weekly price')).toBe('the-weekly-price');
    expect(slug('Access and overview')).toBe('access-and-overview');
    expect(slug('API connections (admin)')).toBe('api-connections-admin');
    expect([...anchorsOf('# A\n## Holds\n```\n# not a heading\n```\n## Holds\n')]).toEqual([
      'a',
      'holds',
      'holds-1',
    ]);
  });

  it('reads repository paths out of prose, but not globs, placeholders or URLs', () => {
    const text =
      'See apps/server/src/app.ts, `docs/operations.md`. Not modules/<m>/x.ts, apps/**/src, ' +
      'https://example.com/docs/x.md or src/app.ts.';
    expect([...pathsIn(text)]).toEqual(['apps/server/src/app.ts', 'docs/operations.md']);
  });

  it('passes on the repository as it is', () => {
    expect(checkDocs()).toEqual([]);
  });
});
