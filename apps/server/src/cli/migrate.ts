import { loadConfig, loadDotEnv } from '../config/env';
import { createDatabase } from '@villas/db/client';

loadDotEnv();
const config = loadConfig();
const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await database.close();
console.log(`migrations applied (${database.kind})`);
