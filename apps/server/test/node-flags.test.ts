import { describe, expect, it } from 'vitest';
import { HEAP_FLAGS, serverNodeFlags } from '../node-flags.mjs';

describe('the Node.js flags npm start runs the server with', () => {
  it('bound the heap by default', () => {
    expect(serverNodeFlags({})).toEqual(['--enable-source-maps', ...HEAP_FLAGS]);
    expect(HEAP_FLAGS.some((f) => f.startsWith('--max-old-space-size='))).toBe(true);
  });

  it.each(['--max-old-space-size=1024', '--max-semi-space-size=32', '--max-heap-size=2048'])(
    'leave the heap to a deployment that sizes it itself (NODE_OPTIONS=%s)',
    (option) => {
      expect(serverNodeFlags({ NODE_OPTIONS: `--trace-warnings ${option}` })).toEqual([
        '--enable-source-maps',
      ]);
    },
  );

  it('are flags this Node.js accepts', () => {
    for (const flag of HEAP_FLAGS)
      expect(process.allowedNodeEnvironmentFlags.has(flag.split('=')[0]!)).toBe(true);
  });
});
