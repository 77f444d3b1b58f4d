import type { InvenioRequest, InvenioResult } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterSync } from './keys';

/** The four calls of the 'Test Invenio API' panel, one per tab. */
export const INVENIO_ACTIONS = ['villas', 'search', 'pricing', 'sync'] as const;
export type InvenioAction = (typeof INVENIO_ACTIONS)[number];

export const runInvenioTest = (action: InvenioAction, input: InvenioRequest) =>
  api<InvenioResult>(`/api/invenio/${action}`, { method: 'POST', body: input });

/**
 * POST /api/invenio/{action}: credentials (or a saved connection's id) and optional filters. Reads
 * change nothing; Sync Properties writes the catalogue (and a report, even when it fails), so it
 * refetches what a sync changes.
 */
export function useRunInvenioTest(action: InvenioAction) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: ['invenio', action],
    mutationFn: (input: InvenioRequest) => runInvenioTest(action, input),
    onSettled: () => (action === 'sync' ? invalidateAfterSync(qc) : undefined),
  });
}
