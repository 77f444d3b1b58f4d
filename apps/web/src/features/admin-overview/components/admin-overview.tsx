import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { InsightPanel } from './insight-panel';
import { SummaryCards } from './summary-cards';

/**
 * Summary cards and insight above the admin tabs. The cards follow the tabs' changes: after any
 * successful change in the admin panel (a property, its calendar, a destination) the figures are
 * refetched, without the tabs having to know about them.
 */
export function AdminOverview() {
  const qc = useQueryClient();
  useEffect(
    () =>
      qc.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void qc.invalidateQueries({ queryKey: queryKeys.adminOverview() });
        }
      }),
    [qc],
  );
  return (
    <section aria-label="Overview" className="mt-8">
      <SummaryCards />
      <InsightPanel />
    </section>
  );
}
