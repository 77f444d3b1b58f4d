import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_CONTRACT } from '../../web/src/testing/api-contract';
import { useTestContext } from './helpers';

/**
 * The web tests' HTTP doubles answer only the routes of their contract (apps/web/src/testing/
 * api-contract.ts), each with the status and response schema listed there. This holds that list to
 * the routes this app registers: a route renamed, removed, answered with another status or another
 * schema here fails by name, so the doubles cannot keep answering what the server no longer does.
 */
const ctx = useTestContext();

interface RouteSchema {
  response?: Record<number, z.ZodType>;
}

describe('the web tests’ API contract', () => {
  it('names only routes the server has, with their success status and response schema', () => {
    const routes = new Map(
      ctx.app.routeInventory.map((r) => [`${r.method} ${r.url}`, r.schema as RouteSchema | undefined]),
    );
    const wrong: string[] = [];
    for (const [key, { status, schema }] of Object.entries(API_CONTRACT)) {
      if (!routes.has(key)) {
        wrong.push(`${key}: no such route (is it spelled with the server's :param names?)`);
        continue;
      }
      const declared = routes.get(key)?.response?.[status];
      if (!declared) {
        wrong.push(`${key}: the route declares no response schema for ${status}`);
        continue;
      }
      const ours = JSON.stringify(z.toJSONSchema(schema, { io: 'output' }));
      const theirs = JSON.stringify(z.toJSONSchema(declared, { io: 'output' }));
      if (ours !== theirs) wrong.push(`${key}: its ${status} schema differs from the route's`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});
