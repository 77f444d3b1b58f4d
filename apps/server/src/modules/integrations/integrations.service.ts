import type { InvenioFilters, Provider } from '@villas/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '@villas/db/client';
import { ValidationError } from '../../lib/errors';
import { createOutbound, type Outbound } from '../../lib/outbound';
import { SecretBox } from '../../lib/secrets';
import { JobRunner, type JobRecorder } from './sync/jobs.service';
import { createImageService, type ImageUploadService } from '../uploads/uploads.service';

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

/** The integration services' shared parts over one database (tests build extra ones). */
export function createIntegrationDeps(db: Db, config: Config, log: IntegrationDeps['log']): IntegrationDeps {
  return {
    db,
    config,
    log,
    box: new SecretBox(config.sessionSecret, config.previousSecrets),
    outbound: createOutbound({ allowHosts: config.outbound.allowHosts }),
    runner: new JobRunner(db, log),
    images: createImageService(config.uploadDir, { queueMax: config.imageQueueMax }),
    startedAt: new Date(),
  };
}

/** Decrypted credentials of a connection (or typed into the Invenio test panel). */
export interface Credentials {
  apiKey: string;
  apiSecret: string | null;
  baseUrl: string;
}

/** What a sync reconciles into: the connection (null for a test-panel run) and its name. */
export interface SyncTarget {
  connectionId: number | null;
  name: string;
}

export interface SyncSummary {
  /** Villas the provider listed. */
  total: number;
  created: number;
  updated: number;
  unavailable: number;
}

/**
 * One adapter per provider kind: reads the provider, and `sync` reconciles our tables as
 * a job recorded in a sync report. Routes never call a provider directly.
 */
export interface ProviderAdapter {
  readonly provider: Provider;
  listVillas(filters?: InvenioFilters): Promise<unknown[]>;
  search(filters: InvenioFilters): Promise<unknown[]>;
  pricing(filters: InvenioFilters): Promise<unknown>;
  sync(job: JobRecorder, target: SyncTarget): Promise<SyncSummary>;
}

export type AdapterFactory = (deps: IntegrationDeps, credentials: Credentials) => ProviderAdapter;

const factories = new Map<Provider, AdapterFactory>();

/** Modules providing an adapter register it once at load (invenio, ical for the others). */
export function registerAdapter(providers: readonly Provider[], factory: AdapterFactory): void {
  for (const p of providers) factories.set(p, factory);
}

export function adapterFor(
  provider: Provider,
  deps: IntegrationDeps,
  credentials: Credentials,
): ProviderAdapter {
  const factory = factories.get(provider);
  if (!factory) throw new ValidationError(`No adapter for provider ${provider}`);
  return factory(deps, credentials);
}
