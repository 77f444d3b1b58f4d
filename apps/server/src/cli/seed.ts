import { loadConfig, loadDotEnv } from '../config/env';
import { bootstrap, prepareDatabase } from '../db/bootstrap';
import { createDatabase } from '@villas/db/client';

/** `npm run db:seed`: migrate, then seed an empty database (progress lines on stdout). */
loadDotEnv();
const config = loadConfig();
const first = await prepareDatabase(config);
const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await bootstrap(database.db, config, { info: (m: string) => console.log(m) } as never, first);
await database.close();
console.log('seed complete');
