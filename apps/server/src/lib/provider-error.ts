import { ErrorCode } from '@villas/shared';
import { AppError } from './errors';
import { OutboundError } from './outbound';

/**
 * A provider (Invenio, an iCal feed, a photo host) failed or answered something unusable. Its
 * message is shown as is in sync reports and in the test panel ('HTTP error! status: 401').
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered one. */
    public readonly status?: number,
    /** True for a time-out (answered 504 rather than 502). */
    public readonly timeout = false,
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
        return new ProviderError(`${what} did not answer in time (${err.message})`, undefined, true);
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

/** For routes answering a provider call directly: 502 (504 for a time-out), the message kept. */
export function toHttpError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof ProviderError || err instanceof OutboundError) {
    const p = providerErrorOf(err);
    return new AppError(p.timeout ? 504 : 502, ErrorCode.UPSTREAM_ERROR, p.message, {
      providerStatus: p.status ?? null,
    });
  }
  return err;
}
