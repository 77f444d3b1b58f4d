import type { InvenioFilters, Provider } from '@villas/shared';
import { ValidationError } from '../../lib/errors';
import type { JobRecorder } from '../sync-reports/jobs';
import type { IntegrationDeps } from './deps';

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
 * One adapter per provider kind (issue 9): reads the provider, and `sync` reconciles our tables as
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
