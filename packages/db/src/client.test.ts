import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createDatabase, retryWhileUnavailable } from './client';

const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe('retryWhileUnavailable (start-up before the database is reachable)', () => {
  it('tries again while the database refuses connections, then carries on', async () => {
    let calls = 0;
    const pauses: number[] = [];
    const result = await retryWhileUnavailable(
      async () => {
        calls++;
        if (calls < 4) throw failure(calls === 3 ? '57P03' : 'ECONNREFUSED');
        return 'migrated';
      },
      { waitMs: 60_000, onRetry: (_err, ms) => pauses.push(ms), sleep: async () => undefined },
    );
    expect(result).toBe('migrated');
    expect(calls).toBe(4);
    expect(pauses).toEqual([250, 500, 1000]);
  });

  it('stops at once on an error that waiting cannot mend', async () => {
    let calls = 0;
    const attempt = async () => {
      calls++;
      throw failure('42P01');
    };
    await expect(
      retryWhileUnavailable(attempt, { waitMs: 60_000, sleep: async () => undefined }),
    ).rejects.toThrow('failed with 42P01');
    expect(calls).toBe(1);
  });

  it('gives up with the last error once the wait is spent (0: at the first failure)', async () => {
    let calls = 0;
    const attempt = async () => {
      calls++;
      throw failure('ECONNREFUSED');
    };
    await expect(retryWhileUnavailable(attempt, { waitMs: 0 })).rejects.toThrow('failed with ECONNREFUSED');
    expect(calls).toBe(1);
  });

  it('waits on a real PostgreSQL address with nothing listening, about as long as it was told', async () => {
    // A port that was free a moment ago: connections to it are refused.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const database = await createDatabase({
      databaseUrl: `postgres://nobody@127.0.0.1:${port}/villas`,
      dataDir: ':memory:',
      connectTimeoutMs: 500,
    });
    const pauses: number[] = [];
    const started = Date.now();
    try {
      await expect(
        retryWhileUnavailable(() => database.migrate(), {
          waitMs: 1000,
          onRetry: (_e, ms) => pauses.push(ms),
        }),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
    expect(pauses).toEqual([250, 500]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
  });
});
