import type { FastifyInstance } from 'fastify';
import { holdsRoutes } from './holds.routes';
import { HoldSweeper } from './holds.sweeper';

/**
 * Holds: the routes, and the sweeper that frees expired holds, started once the app is
 * ready and stopped when it closes (like the integrations scheduler). Nothing at start needs the
 * database, so a database that is down at start only delays the first sweep.
 */
export async function holdsPlugin(app: FastifyInstance) {
  const sweeper = new HoldSweeper(app.db, app.log, app.config.holds.sweepSeconds * 1000);
  await app.register(holdsRoutes);
  app.addHook('onReady', async () => {
    sweeper.start();
    // Holds that expired while no instance ran are freed at once, not one interval later.
    if (app.config.holds.sweepSeconds > 0) sweeper.tick();
  });
  app.addHook('onClose', async () => sweeper.stop());
}
