import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, todayIso } from '@villas/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../factories';
import { testConfig } from '../../src/config/env';
import { prepareDatabase } from '../../src/db/bootstrap';
import { createDatabase, pgliteDataDir } from '@villas/db/client';
import { properties, users } from '@villas/db/schema';
import {
  DEMO_ACCOUNTS,
  installDemoImages,
  renderSceneImages,
  sceneFiles,
  PREPARED_MAX_AGE_DAYS,
  checkPrepared,
  currentMigrations,
  installPreparedDatabase,
  manifestFile,
  pgliteVersion,
  preparedDataDir,
  type Manifest,
  DEMO_DIR,
  SCENES,
} from '@villas/demo-data/testing';
import { seed } from '@villas/demo-data';

const tmp = mkdtempSync(path.join(tmpdir(), 'villas-prepared-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A folder laid out as the build's image set, with stand-in bytes for every scene but `except`. */
function fakeImageSet(name: string, except: readonly string[] = []): string {
  const dir = path.join(tmp, name);
  mkdirSync(path.join(dir, DEMO_DIR), { recursive: true });
  for (const scene of SCENES) {
    if (except.includes(scene.file)) continue;
    for (const f of sceneFiles(scene)) writeFileSync(path.join(dir, DEMO_DIR, f), `prepared ${f}`);
  }
  return dir;
}

const isWebp = (file: string) => {
  const head = readFileSync(file).subarray(0, 12).toString('latin1');
  return head.startsWith('RIFF') && head.endsWith('WEBP');
};

describe('demo images', () => {
  it('links the prepared set into the uploads and renders only the scenes it lacks', async () => {
    const [missing, other] = SCENES;
    const prepared = fakeImageSet('images-a', [missing!.file]);
    const uploads = path.join(tmp, 'uploads-a');

    expect(await installDemoImages(uploads, prepared)).toEqual({ linked: SCENES.length - 1, rendered: 1 });
    for (const f of sceneFiles(other!)) {
      const to = path.join(uploads, DEMO_DIR, f);
      expect(readFileSync(to, 'utf8')).toBe(`prepared ${f}`);
      expect(statSync(to).ino).toBe(statSync(path.join(prepared, DEMO_DIR, f)).ino);
    }
    for (const f of sceneFiles(missing!)) expect(isWebp(path.join(uploads, DEMO_DIR, f)), f).toBe(true);

    // A second start finds every file; one that went missing is put back alone.
    expect(await installDemoImages(uploads, prepared)).toEqual({ linked: 0, rendered: 0 });
    const [gone] = sceneFiles(other!);
    unlinkSync(path.join(uploads, DEMO_DIR, gone!));
    expect(await installDemoImages(uploads, prepared)).toEqual({ linked: 1, rendered: 0 });
    expect(readFileSync(path.join(uploads, DEMO_DIR, gone!), 'utf8')).toBe(`prepared ${gone}`);
  }, 60_000);

  it('renders a scene to the same bytes every time, so the build prepares the same set whenever it runs', async () => {
    const [a, b] = SCENES;
    const first = await renderSceneImages(a!);
    const again = await renderSceneImages(a!);
    const other = await renderSceneImages(b!);
    expect([...first.keys()]).toEqual(sceneFiles(a!));
    for (const [file, data] of first) expect(again.get(file)!.equals(data), file).toBe(true);
    expect(other.get(`${b!.file}.webp`)!.equals(first.get(`${a!.file}.webp`)!)).toBe(false);
  }, 60_000);
});

describe('prepared database', () => {
  const dir = path.join(tmp, 'prepared');
  const today = todayIso();
  let manifest: Manifest;
  const writeManifest = (m: Manifest) => writeFileSync(manifestFile(dir), JSON.stringify(m));

  beforeAll(async () => {
    // A small stand-in for the build's: migrated, with one villa in its catalogue.
    const database = await createDatabase({ dataDir: preparedDataDir(dir) });
    await database.migrate();
    await createProperty(database.db, { name: 'Villa Prepared' });
    await database.close();
    manifest = {
      date: today,
      inputs: 'test',
      pglite: await pgliteVersion(),
      migrations: await currentMigrations(),
    };
    writeManifest(manifest);
  }, 120_000);

  it('is copied in on a first start; seed then adds only the images and the accounts', async () => {
    const dataDir = path.join(tmp, 'data-a');
    mkdirSync(dataDir);
    expect(await installPreparedDatabase(pgliteDataDir(dataDir), { today, dir })).toEqual({
      installed: true,
      date: today,
    });
    const database = await createDatabase({ dataDir });
    try {
      await database.migrate();
      const logs: string[] = [];
      const uploads = path.join(tmp, 'uploads-b');
      await seed(database.db, uploads, {
        preparedImages: fakeImageSet('images-b'),
        log: (m) => logs.push(m),
      });

      const villas = await database.db.select({ name: properties.name }).from(properties);
      expect(villas).toEqual([{ name: 'Villa Prepared' }]);
      expect(logs).toEqual([`demo images: ${SCENES.length} from the prepared set`]);
      expect(existsSync(path.join(uploads, DEMO_DIR, `${SCENES[0]!.file}.webp`))).toBe(true);
      const emails = (await database.db.select({ email: users.email }).from(users)).map((u) => u.email);
      expect(emails.sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());

      // The started database is a copy: what it writes never reaches the prepared one.
      await database.db.update(properties).set({ name: 'Villa Renamed' });
    } finally {
      await database.close();
    }
    const check = await createDatabase({ dataDir: preparedDataDir(dir) });
    try {
      const [villa] = await check.db.select({ name: properties.name }).from(properties);
      expect(villa!.name).toBe('Villa Prepared');
      expect(await check.db.select().from(users).where(eq(users.role, 'admin'))).toEqual([]);
    } finally {
      await check.close();
    }
  }, 120_000);

  it(`is used up to ${PREPARED_MAX_AGE_DAYS} days after it was made, not later`, async () => {
    try {
      writeManifest({ ...manifest, date: addDays(today, -PREPARED_MAX_AGE_DAYS) });
      expect((await checkPrepared(today, dir)).ok).toBe(true);
      const old = addDays(today, -PREPARED_MAX_AGE_DAYS - 1);
      writeManifest({ ...manifest, date: old });
      expect(await checkPrepared(today, dir)).toEqual({
        ok: false,
        reason: `the prepared demo database is from ${old}, over ${PREPARED_MAX_AGE_DAYS} days from today`,
      });
      const dataDir = path.join(tmp, 'data-c');
      mkdirSync(dataDir);
      expect((await installPreparedDatabase(pgliteDataDir(dataDir), { today, dir })).installed).toBe(false);
      expect(existsSync(pgliteDataDir(dataDir))).toBe(false);
    } finally {
      writeManifest(manifest);
    }
  });

  it('is used with the first of the server’s migrations (the later ones are applied at start), not with others', async () => {
    const refused = {
      ok: false,
      reason: 'the prepared demo database has migrations that differ from the server’s',
    };
    try {
      writeManifest({ ...manifest, migrations: manifest.migrations.slice(0, -1) });
      expect((await checkPrepared(today, dir)).ok).toBe(true);
      const [first, ...rest] = manifest.migrations;
      writeManifest({ ...manifest, migrations: [{ ...first!, hash: '0'.repeat(64) }, ...rest] });
      expect(await checkPrepared(today, dir)).toEqual(refused);
      writeManifest({ ...manifest, migrations: [...manifest.migrations, { tag: '9999_later', hash: 'x' }] });
      expect(await checkPrepared(today, dir)).toEqual(refused);
    } finally {
      writeManifest(manifest);
    }
  });

  it('is not used when another PGlite wrote it, or when there is none', async () => {
    try {
      writeManifest({ ...manifest, pglite: '0.0.1' });
      expect(await checkPrepared(today, dir)).toEqual({
        ok: false,
        reason: `the prepared demo database was written by PGlite 0.0.1, not ${manifest.pglite}`,
      });
    } finally {
      writeManifest(manifest);
    }
    expect(await checkPrepared(today, path.join(tmp, 'nothing'))).toEqual({
      ok: false,
      reason: 'no demo database prepared (`npm run build` prepares one)',
    });
  });
});

describe('server start', () => {
  it('leaves a PostgreSQL server, a throw-away database and an existing one alone', async () => {
    const existing = path.join(tmp, 'data-existing');
    mkdirSync(pgliteDataDir(existing), { recursive: true });
    const starts: Array<Record<string, string>> = [
      { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATA_DIR: path.join(tmp, 'data-pg') },
      { DATA_DIR: ':memory:' },
      { DATA_DIR: existing },
    ];
    for (const env of starts) {
      expect(await prepareDatabase(testConfig(env))).toEqual({ prepared: false });
    }
    expect(existsSync(pgliteDataDir(path.join(tmp, 'data-pg')))).toBe(false);
  });

  it('copies the prepared database in only where none exists yet', async () => {
    const result = await prepareDatabase(testConfig({ DATA_DIR: path.join(tmp, 'data-d') }));
    // Whether this checkout has a prepared set depends on its build: either way the start says why.
    expect(result.note).toMatch(
      /^(demo database of \d{4}-\d{2}-\d{2} copied in|seeding the demo catalogue: )/,
    );
    expect(existsSync(pgliteDataDir(path.join(tmp, 'data-d')))).toBe(result.prepared);
  });
});
