import { describe, expect, it } from 'vitest';
import { auditedRouteOf } from '../src/plugins/audit';
import { ROUTE_ACCESS } from '../src/plugins/auth';
import { useTestContext } from './helpers';

/**
 * The route inventory (docs/decisions/014-route-access.md): every route the app registers declares
 * who may call it in its route config (`config: { access }`), and the role matrix
 * (role-matrix.test.ts) checks each declaration against what the route answers. A new route
 * without a rule fails here, named.
 */
const ctx = useTestContext();

const RULES = Object.keys(ROUTE_ACCESS).join(' | ');
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Administrators' writes that leave no audit row, each with its reason. Every other admin route
 * that changes something declares `config.audit` (docs/decisions/007).
 */
const NOT_AUDITED: Record<string, string> = {
  // The 'Test Invenio API' panel's read calls: they fetch from the provider and write nothing here.
  'POST /api/invenio/villas': 'reads the provider only',
  'POST /api/invenio/search': 'reads the provider only',
  'POST /api/invenio/pricing': 'reads the provider only',
};

/**
 * Audited routes whose handler writes no row of its own, each with its reason: their transaction
 * holds the audit row alone.
 */
const WRITES_NO_ROWS: Record<string, string> = {
  'POST /api/upload/image': 'stores image files only, read and processed before the transaction',
};

const routes = () => ctx.app.routeInventory.filter((r) => !r.assets);
const name = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('route inventory', () => {
  it('has every route of every module', () => {
    // The inventory is collected by an onRoute hook: it sees routes of every plugin.
    const names = routes().map(name);
    expect(names.length).toBeGreaterThan(60);
    for (const known of [
      'GET /healthz',
      'POST /api/auth/login',
      'GET /api/admin/audit-log',
      'GET /api/docs/json',
    ])
      expect(names).toContain(known);
  });

  it('every route declares its access rule', () => {
    const missing = routes()
      .filter((r) => r.access === undefined || !(r.access in ROUTE_ACCESS))
      .map(
        (r) =>
          `${name(r)} declares no access rule${r.access === undefined ? '' : ` it knows ('${r.access}')`}. ` +
          `Add \`config: { access: '…' }\` to its route options with one of ${RULES} ` +
          `(plugins/auth.ts ROUTE_ACCESS), and a sample request for it in test/route-samples.ts.`,
      );
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('every /api/admin route is for administrators only', () => {
    const wrong = routes()
      .filter((r) => r.url.startsWith('/api/admin/') && r.access !== 'admin')
      .map((r) => `${name(r)} is under /api/admin but declares access '${r.access}': use 'admin'`);
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it("every administrator's write is audited, or listed here with its reason", () => {
    const unaudited = routes()
      .filter((r) => r.access === 'admin' && MUTATING.has(r.method) && !r.audit && !NOT_AUDITED[name(r)])
      .map(
        (r) =>
          `${name(r)} changes data as an administrator but declares no audit action: add ` +
          `\`audit: '<thing>.<verb>'\` to its config (docs/decisions/007), or list it in NOT_AUDITED with the reason.`,
      );
    expect(unaudited, unaudited.join('\n')).toEqual([]);
    const stale = Object.keys(NOT_AUDITED).filter((n) => !routes().some((r) => name(r) === n));
    expect(stale, 'NOT_AUDITED lists routes that no longer exist').toEqual([]);
  });

  it('every audited route runs in the audit transaction and writes through the request', () => {
    const audited = routes().filter((r) => r.audit);
    expect(audited.length).toBeGreaterThan(30);
    const problems = audited.flatMap((r) => {
      const declared = auditedRouteOf(r.handler);
      if (!declared)
        return [`${name(r)} declares an audit action but its handler is not the audit plugin's transaction`];
      const sources = [declared.handler.toString()];
      if (typeof declared.rule !== 'string') sources.push(declared.rule.refine.toString());
      const source = sources.join('\n');
      const found: string[] = [];
      if (/\b(app|server|deps)\.db\b/.test(source))
        found.push(
          `${name(r)} reaches the app's database outside the call's transaction: pass request.db ` +
            '(a refiner reads request.db too)',
        );
      if (/\.send\(/.test(source))
        found.push(`${name(r)} answers with reply.send(): return the answer, so it leaves after the commit`);
      // Its services get the transaction (request.db) or the request as their write scope (lib/write-scope.ts).
      const scoped = /\brequest\.db\b/.test(source) || /,\s*request\s*\)/.test(source);
      if (!scoped && !WRITES_NO_ROWS[name(r)])
        found.push(
          `${name(r)} passes neither request.db nor the request (its write scope) to its service: ` +
            'its writes would not be in the transaction of its audit row (docs/decisions/007)',
        );
      return found;
    });
    expect(problems, problems.join('\n')).toEqual([]);
    const stale = Object.keys(WRITES_NO_ROWS).filter((n) => !audited.some((r) => name(r) === n));
    expect(stale, 'WRITES_NO_ROWS lists routes that are not audited').toEqual([]);
  });
});
