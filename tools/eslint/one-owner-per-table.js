import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { modulesDir, otherWriters, owners, repoRoot, schemaDir, schemaPackage } from './table-owners.js';

// One owner per table (docs/decisions/017-layering.md): a table is written only by its owner
// module, or by a writer listed with its reason in ./table-owners.js. A write is
// - `x.insert(t)`, `x.update(t)`, `x.delete(t)` where `t` is a table imported from the Drizzle
//   schema (named import, possibly renamed, or `schema.t` of `import * as schema`);
// - `INSERT INTO t`, `UPDATE t`, `DELETE FROM t` in the text of a `sql` tagged template, of
//   `sql.raw(…)`, or of a string given to `.query(…)`, `.exec(…)` or `.execute(…)`, where `t` is a
//   table's name or an interpolated schema table (`insert into ${dailyPricing} …`).
// A table handed around in a variable or a parameter is not seen: writes stay in repositories,
// which name their tables. A `pgTable('name', …)` of the schema without an entry in the map is
// reported too, so a new table gets its owner when it is made.

const absSchemaDir = path.join(repoRoot, schemaDir);
const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
const RAW_SQL_METHODS = new Set(['query', 'exec', 'execute']);
const WRITE_SQL =
  /\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?public"?\.)?(?:"([a-z_][a-z0-9_]*)"|([a-z_][a-z0-9_]*)|\uE000(\d+)\uE000)/gi;

let cachedTables;
/** Export name → table name, from the schema files (`export const x = pgTable('name', …)`). */
export function schemaTables() {
  if (!cachedTables) {
    cachedTables = new Map();
    for (const file of readdirSync(absSchemaDir).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(path.join(absSchemaDir, file), 'utf8');
      for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'([a-z0-9_]+)'/g)) {
        cachedTables.set(m[1], m[2]);
      }
    }
  }
  return cachedTables;
}

const toPosix = (p) => p.split(path.sep).join('/');

/** The writers beside the owner allowed to write `table` from `file`. */
const allowedElsewhere = (file, table) =>
  otherWriters.some(
    (w) =>
      (w.tables === '*' || w.tables.includes(table)) && w.files.some((glob) => path.matchesGlob(file, glob)),
  );

function ownerText(table) {
  const owner = owners[table];
  if (owner) return `${modulesDir}/${owner}`;
  const others = otherWriters
    .filter((w) => w.tables !== '*' && w.tables.includes(table))
    .flatMap((w) => w.files);
  return others.length
    ? `no module (written by ${others.join(', ')})`
    : 'no module (nothing in the app writes it)';
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'A table is written only by its owner module (tools/eslint/table-owners.js).' },
    schema: [],
    messages: {
      foreign:
        "Table '{{table}}' is written here ({{writer}}), but its owner is {{owner}}: call the owner's service, or list this writer with its reason in tools/eslint/table-owners.js.",
      noOwner: "Table '{{table}}' has no owner: add it to `owners` in tools/eslint/table-owners.js.",
    },
  },
  create(context) {
    const file = toPosix(path.relative(repoRoot, context.filename));
    if (file.startsWith('../') || path.isAbsolute(file)) return {};
    const module = file.startsWith(`${modulesDir}/`) ? file.slice(modulesDir.length + 1).split('/')[0] : null;
    const writer = module ? `${modulesDir}/${module}` : file;
    const tables = schemaTables();
    const tableNames = new Set(tables.values());
    const { sourceCode } = context;

    const isSchemaImport = (source) => {
      if (typeof source !== 'string') return false;
      if (source === schemaPackage || source.startsWith(`${schemaPackage}/`)) return true;
      if (!source.startsWith('.')) return false;
      const target = path
        .resolve(path.dirname(context.filename), source)
        .replace(/\.(ts|js)$/, '')
        .replace(/[/\\]index$/, '');
      return target === absSchemaDir || target.startsWith(absSchemaDir + path.sep);
    };

    /** The import binding `name` resolves to at `node`, if it is an import of the schema. */
    function schemaImport(node, name) {
      for (let scope = sourceCode.getScope(node); scope; scope = scope.upper) {
        const variable = scope.set.get(name);
        if (!variable) continue;
        const def = variable.defs[0];
        if (def?.type !== 'ImportBinding' || !isSchemaImport(def.parent?.source?.value)) return undefined;
        return def.node;
      }
      return undefined;
    }

    /** The table an expression names: a schema table imported by name, or `schema.t`. */
    function tableOf(node) {
      if (node?.type === 'Identifier') {
        const spec = schemaImport(node, node.name);
        if (spec?.type !== 'ImportSpecifier') return undefined;
        return tables.get(spec.imported.name ?? spec.imported.value);
      }
      if (node?.type === 'MemberExpression' && !node.computed && node.object.type === 'Identifier') {
        const spec = schemaImport(node, node.object.name);
        if (spec?.type !== 'ImportNamespaceSpecifier') return undefined;
        return tables.get(node.property.name);
      }
      return undefined;
    }

    function check(table, where) {
      if (!table) return;
      if (!Object.hasOwn(owners, table)) {
        context.report({ ...where, messageId: 'noOwner', data: { table } });
        return;
      }
      if (module && owners[table] === module) return;
      if (allowedElsewhere(file, table)) return;
      context.report({ ...where, messageId: 'foreign', data: { table, writer, owner: ownerText(table) } });
    }

    /** Writes in SQL text: a template literal (interpolations resolved) or a string literal. */
    function scanSql(node) {
      let text;
      let starts;
      if (node.type === 'TemplateLiteral') {
        text = '';
        starts = [];
        node.quasis.forEach((quasi, i) => {
          starts.push([text.length, quasi.range[0] + 1]);
          text += quasi.value.raw;
          if (i < node.expressions.length) text += `\uE000${i}\uE000`;
        });
      } else if (node.type === 'Literal' && typeof node.value === 'string') {
        text = node.value;
        starts = [[0, node.range[0] + 1]];
      } else return;
      for (const m of text.matchAll(WRITE_SQL)) {
        const table =
          m[4] !== undefined ? tableOf(node.expressions[Number(m[4])]) : (m[2] ?? m[3]).toLowerCase();
        if (!table || !tableNames.has(table)) continue;
        const [textStart, sourceStart] = starts.findLast(([t]) => t <= m.index);
        const start = sourceStart + (m.index - textStart);
        check(table, {
          loc: {
            start: sourceCode.getLocFromIndex(start),
            end: sourceCode.getLocFromIndex(Math.min(start + m[0].length, node.range[1])),
          },
        });
      }
    }

    const inSchema = path.resolve(context.filename).startsWith(absSchemaDir + path.sep);

    return {
      CallExpression(node) {
        const callee = node.callee;
        if (inSchema && callee.type === 'Identifier' && callee.name === 'pgTable') {
          const name = node.arguments[0];
          if (
            name?.type === 'Literal' &&
            typeof name.value === 'string' &&
            !Object.hasOwn(owners, name.value)
          ) {
            context.report({ node: name, messageId: 'noOwner', data: { table: name.value } });
          }
          return;
        }
        if (callee.type !== 'MemberExpression' || callee.computed) return;
        const method = callee.property.name;
        if (WRITE_METHODS.has(method) && node.arguments.length === 1) {
          check(tableOf(node.arguments[0]), { node: node.arguments[0] });
        } else if (
          (RAW_SQL_METHODS.has(method) ||
            (method === 'raw' && callee.object.type === 'Identifier' && callee.object.name === 'sql')) &&
          node.arguments[0]
        ) {
          scanSql(node.arguments[0]);
        }
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag;
        const isSql =
          (tag.type === 'Identifier' && tag.name === 'sql') ||
          (tag.type === 'MemberExpression' && !tag.computed && tag.property.name === 'sql');
        if (isSql) scanSql(node.quasi);
      },
    };
  },
};
