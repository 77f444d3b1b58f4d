import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { supervise, supervisorSettings } from '../supervise.mjs';

/**
 * npm start's supervisor (supervise.mjs): a crashed server is started again with back-off, up to a
 * number of restarts in a window; a clean exit, a signal to stop or a refused configuration is not
 * followed by a restart; on the embedded database it waits until nobody holds the data directory.
 */
const node = process.execPath;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Runs `script` under the supervisor; resolves with its exit code, its log and each start's time. */
async function run(script: string, options: { maxRestarts?: number; pgdata?: string } = {}) {
  const log: string[] = [];
  const started = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'villas-supervise-'));
  dirs.push(dir);
  const starts = path.join(dir, 'starts');
  writeFileSync(starts, '');
  const code = await supervise({
    command: node,
    args: ['-e', `require('fs').appendFileSync(${JSON.stringify(starts)}, Date.now() + '\\n'); ${script}`],
    maxRestarts: options.maxRestarts ?? 2,
    windowMs: 60_000,
    pgdata: options.pgdata,
    log: (m: string) => log.push(m),
  });
  const { readFileSync } = await import('node:fs');
  const times = readFileSync(starts, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((t) => Number(t) - started);
  return { code, log, times };
}

describe('supervisor', () => {
  it('restarts a crashing server after 1 then 2 s, then gives up with its exit code', async () => {
    const { code, log, times } = await run('process.exit(3)');
    expect(code).toBe(3);
    expect(times).toHaveLength(3);
    // The back-off between the starts: 1 s, then 2 s.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1950);
    expect(log[0]).toMatch(/exited with code 3; restarting in 1 s \(restart 1 of at most 2 in 1 minutes\)/);
    expect(log[1]).toMatch(/restarting in 2 s/);
    expect(log[2]).toMatch(/restarted 2 times in 1 minutes, giving up/);
  }, 15_000);

  it('names the signal that killed the server', async () => {
    const { log, times } = await run("process.kill(process.pid, 'SIGKILL')", { maxRestarts: 1 });
    expect(times).toHaveLength(2);
    expect(log[0]).toMatch(/was killed by SIGKILL; restarting in 1 s/);
  }, 15_000);

  it('does not restart after a clean exit, SIGTERM or a refused configuration', async () => {
    for (const [script, expected] of [
      ['process.exit(0)', 0],
      ["process.kill(process.pid, 'SIGTERM')", 0],
      ['process.exit(78)', 78],
    ] as const) {
      const { code, times, log } = await run(script);
      expect(code, script).toBe(expected);
      expect(times, script).toHaveLength(1);
      expect(log, script).toEqual([]);
    }
  });

  it('starts the server again only once no process holds the embedded data directory', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'villas-supervise-pgdata-'));
    dirs.push(dir);
    const pgdata = path.join(dir, 'pgdata');
    mkdirSync(pgdata);
    writeFileSync(path.join(pgdata, 'PG_VERSION'), '17');
    // Another process keeps a file of it open for 2.5 s after the first start.
    const holder = spawn(node, [
      '-e',
      `const fd = require('fs').openSync(${JSON.stringify(path.join(pgdata, 'PG_VERSION'))}, 'r'); setTimeout(() => {}, 2500);`,
    ]);
    const holderExited = new Promise<number>((resolve) => holder.once('exit', () => resolve(Date.now())));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const begun = Date.now();
    const { times, log } = await run('process.exit(1)', { maxRestarts: 1, pgdata });
    const released = (await holderExited) - begun;
    expect(log.some((m) => /waiting for process \d+ to release/.test(m))).toBe(true);
    // The restart came after the holder let go, not after the 1 s back-off alone.
    expect(times[1]!).toBeGreaterThanOrEqual(released - 50);
  }, 15_000);

  it('reads its settings from the environment over .env, and refuses a bad value', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'villas-supervise-env-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, '.env'), 'RESTART_MAX=9\nRESTART_WINDOW_MINUTES=3\nDATA_DIR=./here\n');
    expect(supervisorSettings({ RESTART_MAX: '2' }, dir)).toEqual({
      maxRestarts: 2,
      windowMs: 180_000,
      pgdata: path.join(dir, 'here', 'pgdata'),
    });
    expect(supervisorSettings({ DATABASE_URL: 'postgres://x/y' }, dir).pgdata).toBeUndefined();
    expect(() => supervisorSettings({ RESTART_MAX: 'many' }, dir)).toThrow(
      /RESTART_MAX: must be a whole number/,
    );
  });
});
