import { createHash } from 'node:crypto';
import { readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AMENITY_CATALOGUE, AMENITY_CATEGORIES, todayIso } from '@villas/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createDatabase } from '@villas/db/client';
import {
  currentMigrations,
  pgliteVersion,
  preparedDataDir,
  preparedDir,
  preparedImagesDir,
  readManifest,
  type Manifest,
} from './prepared';
import { FESTIVE_FACTOR, SEASON_FACTORS, generateCatalogue } from './catalogue';
import { SCENES, renderScene } from './scenes';
import { exchangeRateRows, seedCatalogue } from './seed-catalogue';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Fingerprint of what the prepared set is made of, rather than of every file it could depend on (a
 * change elsewhere in the shared package or the server costs no rebuild): the generated catalogue,
 * the reference data and price factors the seed writes, the seed's and this file's code, the
 * migrations, every scene's SVG and the code that encodes it, and the versions of PGlite and of sharp
 * and its libraries (the data directory's format, the images' bytes).
 */
async function inputs(): Promise<string> {
  const hash = createHash('sha256');
  const add = (label: string, data: string | Buffer) =>
    hash.update(label).update('\0').update(data).update('\0');
  add('catalogue', JSON.stringify(generateCatalogue()));
  add('reference', JSON.stringify({ AMENITY_CATEGORIES, AMENITY_CATALOGUE, SEASON_FACTORS, FESTIVE_FACTOR }));
  add('rates', JSON.stringify(exchangeRateRows()));
  for (const file of ['seed-catalogue.ts', 'prepare.ts', 'images.ts'])
    add(file, await readFile(path.join(here, file)));
  add('migrations', JSON.stringify(await currentMigrations()));
  for (const scene of SCENES) add(scene.file, renderScene(scene));
  add('versions', `pglite ${await pgliteVersion()} ${JSON.stringify(sharp.versions)}`);
  return hash.digest('hex');
}

/**
 * `npm run build -w @villas/demo-data`: makes the demo once, at build, so that a first start copies
 * it instead of making it (about a minute on two busy cores, against a few seconds). Renders the
 * image set and seeds the catalogue into a fresh embedded database at the same time, then stores
 * the database compact: analysed (the planner's statistics come with it) and checkpointed with old
 * WAL segments removed rather than kept for reuse (about half the size). Built in a temporary
 * folder and moved into dist/ at the end, the manifest last, so an interrupted build leaves the
 * previous set or none. Skipped when the same inputs were prepared today.
 */
async function prepare(): Promise<void> {
  const started = Date.now();
  const out = preparedDir();
  const fingerprint = await inputs();
  const previous = await readManifest();
  if (previous?.inputs === fingerprint && previous.date === todayIso()) {
    const now = new Date();
    await utimes(path.join(out, 'prepared.json'), now, now);
    console.log('demo data up to date');
    return;
  }
  const tmp = path.join(out, `.tmp-${process.pid}`);
  await rm(tmp, { recursive: true, force: true });
  const database = await createDatabase({ dataDir: path.join(tmp, 'db') });
  let date: string;
  try {
    await database.migrate();
    await seedCatalogue(database.db, {
      uploadDir: path.join(tmp, 'images'),
      log: (m) => console.log(m),
      preparedImages: null,
    });
    const result = (await database.db.execute(sql`select current_date::text as today`)) as unknown as {
      rows: Array<{ today: string }>;
    };
    date = result.rows[0]!.today;
    await database.db.execute(sql`vacuum analyze`);
    await database.db.execute(sql`set wal_recycle = off`);
    await database.db.execute(sql`checkpoint`);
  } finally {
    await database.close();
  }
  const manifest: Manifest = {
    date,
    inputs: fingerprint,
    pglite: await pgliteVersion(),
    migrations: await currentMigrations(),
  };
  await rm(path.join(out, 'prepared.json'), { force: true });
  for (const [from, to] of [
    [path.join(tmp, 'db'), preparedDataDir()],
    [path.join(tmp, 'images'), preparedImagesDir()],
  ] as const) {
    await rm(to, { recursive: true, force: true });
    await rename(from, to);
  }
  await writeFile(path.join(out, 'prepared.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await rm(tmp, { recursive: true, force: true });
  console.log(`demo data prepared in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

await prepare();
