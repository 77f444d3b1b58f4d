import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycle, formatGraph, packageGraph } from './package-graph.mjs';

const tmp = mkdtempSync(path.join(tmpdir(), 'villas-package-graph-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const write = (file, text) => {
  mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
  writeFileSync(path.join(tmp, file), text);
};

describe('the package graph', () => {
  it('has no cycle among the workspaces', () => {
    const graph = packageGraph();
    const cycle = findCycle(graph);
    expect(cycle, `package cycle ${cycle?.join(' → ')}, in:\n${formatGraph(graph)}`).toBeUndefined();
  });

  it('puts the database package below the demo data and the server', () => {
    const graph = packageGraph();
    expect([...graph.get('@villas/db').keys()]).toEqual([]);
    expect([...graph.get('@villas/demo-data').keys()].sort()).toEqual(['@villas/db', '@villas/shared']);
    expect([...graph.get('@villas/server').keys()]).toEqual(
      expect.arrayContaining(['@villas/db', '@villas/demo-data']),
    );
  });

  it('sees a loop made of a dependency one way and a relative import the other', () => {
    write('package.json', JSON.stringify({ workspaces: ['apps/server', 'packages/demo'] }));
    write('apps/server/package.json', JSON.stringify({ name: 'server', dependencies: { demo: '*' } }));
    write('packages/demo/package.json', JSON.stringify({ name: 'demo' }));
    write('packages/demo/src/seed.ts', "import { users } from '../../../apps/server/src/db/schema';\n");
    write('apps/server/src/db/schema.ts', 'export const users = 1;\n');
    const graph = packageGraph(tmp);
    expect(graph.get('demo').get('server')).toBe(
      'packages/demo/src/seed.ts imports ../../../apps/server/src/db/schema',
    );
    expect(findCycle(graph)).toEqual(['server', 'demo', 'server']);
  });
});
