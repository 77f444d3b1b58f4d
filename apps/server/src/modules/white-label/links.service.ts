import type { Queryable } from '../../db/client';
import * as repo from './white-label.repository';

/**
 * What other modules change in white-label links. Apart from white-label.service (which reads the
 * catalogue through the properties service), so the properties module can call it without a cycle.
 */

/** A property is being deleted (in the caller's transaction): no link lists it any more. */
export const removePropertyFromLinks = (tx: Queryable, propertyId: number): Promise<void> =>
  repo.removePropertyFromLinks(tx, propertyId);
