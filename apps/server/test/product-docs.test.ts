import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestContext } from './helpers';

/**
 * The product documentation (docs/product/, one file per area) names every API route the server
 * registers, each in exactly one area file, so a newcomer finds what a call is for and a route
 * nobody described fails here, named.
 */
const ctx = useTestContext();

const productDir = path.resolve(import.meta.dirname, '../../../docs/product');
const ROUTE = /`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`\s]*)`/g;

function documentedRoutes(): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const file of readdirSync(productDir).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(path.join(productDir, file), 'utf8');
    for (const [, method, url] of text.matchAll(ROUTE)) {
      const key = `${method} ${url}`;
      const files = where.get(key) ?? [];
      if (!files.includes(file)) files.push(file);
      where.set(key, files);
    }
  }
  return where;
}

describe('the product documentation', () => {
  const api = () =>
    [...new Set(ctx.app.routeInventory.filter((r) => !r.assets).map((r) => `${r.method} ${r.url}`))].filter(
      (name) => name.split(' ')[1]!.startsWith('/api/'),
    );

  it('names every /api route in exactly one area file', () => {
    const documented = documentedRoutes();
    const missing = api()
      .filter((name) => !documented.has(name))
      .map((name) => `${name} is in no file of docs/product/: describe it, in backticks, in its area's file`);
    const twice = api()
      .filter((name) => (documented.get(name)?.length ?? 0) > 1)
      .map((name) => `${name} is in ${documented.get(name)!.join(' and ')}: keep it in one area's file`);
    expect([...missing, ...twice], [...missing, ...twice].join('\n')).toEqual([]);
    expect(api().length).toBeGreaterThan(80);
  });

  it('names no route the server does not have', () => {
    const known = new Set(api());
    const stale = [...documentedRoutes().keys()]
      .filter((name) => !known.has(name))
      .map((name) => `${name} is documented in docs/product/ but the server has no such route`);
    expect(stale, stale.join('\n')).toEqual([]);
  });
});
