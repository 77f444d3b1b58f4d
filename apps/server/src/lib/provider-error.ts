import { ErrorCode } from '@villas/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './errors';
import { OutboundError } from './outbound';

/**
 * A provider (Invenio, an iCal feed, a photo host) failed or answered something unusable. Its
 * message is the cause, shown as is in the sync reports ('HTTP error! status: 401') and logged; a
 * route answering a provider call directly says PROVIDER_UNREACHABLE instead (toHttpError).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered one. */
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Outbound failures in words an admin can act on. */
export function providerErrorOf(err: unknown, what = 'The provider'): ProviderError {
  if (err instanceof ProviderError) return err;
  if (err instanceof OutboundError) {
    switch (err.kind) {
      case 'timeout':
        return new ProviderError(`${what} did not answer in time (${err.message})`);
      case 'too-large':
        return new ProviderError(`${what}'s answer is too large (${err.message})`);
      case 'blocked':
        return new ProviderError(`${what}'s address is not allowed: ${err.message}`);
      case 'too-many-redirects':
        return new ProviderError(`${what} redirected too many times`);
      case 'bad-url':
        return new ProviderError(`${what}'s URL is not valid: ${err.message}`);
      default:
        return new ProviderError(`${what} could not be reached: ${err.message}`);
    }
  }
  return new ProviderError(`${what} failed: ${(err as Error)?.message ?? String(err)}`);
}

/**
 * What a route answering a provider call directly says of any failure of the exchange: refused,
 * TLS, DNS, time-out, an HTTP error status, an unusable answer. One message, so the answers cannot
 * tell apart a closed port, an open one, a missing name and a wrong key (a port scanner otherwise);
 * the cause is logged, and kept in the admin-only sync report when the call is a recorded run.
 */
export const PROVIDER_UNREACHABLE =
  'Could not reach the provider. Check the address, the port, the API key and that this server can reach the network.';

/**
 * For routes answering a provider call directly: 502 UPSTREAM_ERROR with PROVIDER_UNREACHABLE, the
 * cause logged (and `details` added, e.g. the report that holds the cause).
 */
export function toHttpError(
  err: unknown,
  log: Pick<FastifyBaseLogger, 'warn'>,
  details?: Record<string, unknown>,
): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof ProviderError || err instanceof OutboundError) {
    const p = providerErrorOf(err);
    log.warn({ cause: p.message, providerStatus: p.status ?? null, ...details }, 'a provider call failed');
    return new AppError(502, ErrorCode.UPSTREAM_ERROR, PROVIDER_UNREACHABLE, details);
  }
  return err;
}
