import { randomUUID } from 'node:crypto';
import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '@villas/db/client';
import { processEnv } from '../src/config/env';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates once for the whole run (a test never pays for the migrations again): with DATABASE_URL a template database
 * that each test file clones; otherwise a PGlite data directory dump that each file boots from.
 */
export default async function setup(project: TestProject) {
  const url = processEnv.DATABASE_URL;
  if (url) {
    const template = `villas_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const u = new URL(url);
    u.pathname = `/${template}`;
    const db = await createDatabase({ databaseUrl: u.toString(), dataDir: ':memory:' });
    await db.migrate();
    await db.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await admin.query(`drop database if exists ${template}`);
      await admin.end();
    };
  }
  const db = await createDatabase({ dataDir: ':memory:' });
  await db.migrate();
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  const file = path.join(tmpdir(), `villas-pglite-${randomUUID()}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', '');
  return async () => rm(file, { force: true });
}
