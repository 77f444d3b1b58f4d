import path from 'node:path';
import {
  defaultModulesDir,
  isTestFile,
  moduleGraph,
  moduleOf,
  pathBetween,
  targetsOf,
} from './module-graph.js';

// No module cycles (docs/decisions/017-layering.md): when a file of server module A imports module
// B, B must not reach A back through any of its files, directly or through other modules. A module
// is a first-level folder of apps/server/src/modules: its sub-folders belong to it. Tests, fixtures
// and testing/ folders are left out (they may cross the boundaries). The graph is read from the
// files on disk, with the file being linted as it is now; `node tools/eslint/module-graph.js`
// prints all of it.

/** The relative specifiers of the imports, re-exports and dynamic imports in a program. */
function specifiersOf(program) {
  const found = [];
  const add = (node) => {
    if (node?.type === 'Literal' && typeof node.value === 'string' && node.value.startsWith('.')) {
      found.push({ specifier: node.value, node });
    }
  };
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration'].includes(node.type)) {
      add(node.source);
    } else if (node.type === 'ImportExpression') add(node.source);
    else if (
      node.type === 'NewExpression' &&
      node.callee.type === 'Identifier' &&
      node.callee.name === 'URL' &&
      node.arguments[1]?.type === 'MemberExpression' &&
      node.arguments[1].object.type === 'MetaProperty'
    ) {
      add(node.arguments[0]);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent') continue;
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value.type === 'string') visit(value);
    }
  };
  visit(program);
  return found;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules never import each other in a cycle (A → B → A).' },
    schema: [
      {
        type: 'object',
        properties: { modulesDir: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'Module cycle: {{cycle}}. This file imports {{to}}, which reaches {{from}} back ({{via}}). Move what both need to the module that owns it, to lib/, or pass it in from modules/index.ts (`node tools/eslint/module-graph.js` prints the graph).',
    },
  },
  create(context) {
    const modulesDir = path.resolve(context.cwd, context.options[0]?.modulesDir ?? defaultModulesDir);
    const file = path.resolve(context.filename);
    const from = moduleOf(file, modulesDir);
    if (!from || isTestFile(file)) return {};
    return {
      Program(program) {
        const imports = specifiersOf(program);
        const targets = targetsOf(
          file,
          imports.map((i) => i.specifier),
          modulesDir,
        );
        if (targets.length === 0) return;
        const graph = moduleGraph(modulesDir, { file, specifiers: imports.map((i) => i.specifier) });
        const reported = new Set();
        for (const { to, specifier } of targets) {
          if (reported.has(to)) continue;
          const back = pathBetween(graph, to, from);
          if (!back) continue;
          reported.add(to);
          const via = back
            .slice(0, -1)
            .map((m, i) => `${m} → ${back[i + 1]} in ${graph.get(m).get(back[i + 1])[0]}`)
            .join('; ');
          context.report({
            node: imports.find((i) => i.specifier === specifier).node,
            messageId: 'cycle',
            data: { cycle: [from, ...back].join(' → '), to, from, via },
          });
        }
      },
    };
  },
};
