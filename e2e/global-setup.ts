import { startFakeInvenio } from '../apps/server/test/fakes/invenio';
import { INVENIO_CREDENTIALS, INVENIO_PORT } from './env';

/**
 * The fake Invenio Data Export API of the server tests (recorded villas, prices and calendars with
 * dates relative to today), on a fixed port the app is allowed to reach (OUTBOUND_ALLOW_HOSTS).
 */
export default async function globalSetup() {
  const fake = await startFakeInvenio({ port: INVENIO_PORT, ...INVENIO_CREDENTIALS });
  return async () => {
    await fake.close();
  };
}
