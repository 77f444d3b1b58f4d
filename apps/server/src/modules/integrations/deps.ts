import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { Outbound } from '../../lib/outbound';
import type { SecretBox } from '../../lib/secrets';
import type { JobRunner } from '../sync-reports/jobs';
import type { ImageUploadService } from '../uploads/uploads.service';

/**
 * What the integration services share, built once per app by the integrations plugin: the
 * database, the secret box (credentials at rest), the guarded outbound client, the job runner and
 * the uploads' image pipeline (synced photos are stored through it).
 */
export interface IntegrationDeps {
  db: Db;
  config: Config;
  box: SecretBox;
  outbound: Outbound;
  runner: JobRunner;
  /** The upload image pipeline and store: a provider's photos are re-hosted like uploads. */
  images: ImageUploadService;
  log: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;
  /** Instance start: runs 'running' from before it belong to a dead process (PGlite). */
  startedAt: Date;
}
