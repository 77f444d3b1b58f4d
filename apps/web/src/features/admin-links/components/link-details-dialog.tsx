import { formatLongDate, searchSummary, type AdminWhiteLabelLink } from '@villas/shared';
import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { notify } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { absoluteLinkUrl, agentOf, linkStatus } from '../utils/link-status';
import { StatusBadge } from './status-badge';
import { VisitButton } from './visit-button';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-line py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-[11px] font-medium uppercase tracking-[0.14em] text-stone">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-ink">{children}</dd>
    </div>
  );
}

const none = <span className="text-stone">Not provided</span>;

/**
 * Everything about one link (white-label link admin view): agent on the link and the
 * account behind it, the villas by name, the search criteria, active or expired, and the uuid URL
 * with a copy button.
 */
export function LinkDetailsDialog({ link }: { link: AdminWhiteLabelLink }) {
  const agent = agentOf(link);
  const criteria = searchSummary(link.searchCriteria ?? link.searchFilters);
  const names = link.propertyNames ?? [];
  const url = absoluteLinkUrl(paths.whiteLabel(link.uuid));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied to clipboard');
    } catch {
      notify.error('Could not copy the link', url);
    }
  };

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Details of ${link.title}`}>
          Details
        </Button>
      </DialogTrigger>
      <DialogContent title={link.title} description={`White-label link #${link.id}`} className="max-w-2xl">
        <dl>
          <Row label="Status">
            <StatusBadge status={linkStatus(link)} />
          </Row>
          <Row label="Agent">{agent.name || none}</Row>
          <Row label="Agent email">
            {agent.email ? (
              <a className="underline-offset-4 hover:underline" href={`mailto:${agent.email}`}>
                {agent.email}
              </a>
            ) : (
              none
            )}
          </Row>
          <Row label="Agent account">
            {link.agentFullName} · {link.agentAccountEmail} (#{link.agentId})
          </Row>
          <Row label="Company">{link.companyName || none}</Row>
          <Row label="Description">{link.description || none}</Row>
          <Row label="Created">{formatLongDate(link.createdAt)}</Row>
          <Row label="Expires">{link.expiresAt ? formatLongDate(link.expiresAt) : 'No expiry'}</Row>
          <Row label="Views">{link.viewCount.toLocaleString('en-US')}</Row>
          <Row label={`Villas (${link.propertyIds.length})`}>
            {names.length ? (
              <ul aria-label="Villas in this link" className="flex flex-wrap gap-1.5">
                {names.map((n, i) => (
                  <li key={`${n}-${i}`}>
                    <Badge>{n}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-stone">None of its villas remain in the catalogue</span>
            )}
          </Row>
          <Row label="Search criteria">
            {criteria.length ? (
              <ul aria-label="Search criteria" className="flex flex-wrap gap-1.5">
                {criteria.map((c) => (
                  <li key={c} className="rounded-full bg-sand px-2.5 py-0.5 text-xs">
                    {c}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-stone">Hand-picked selection, no filters</span>
            )}
          </Row>
          <Row label="UUID">
            <code className="font-mono text-[13px]">{link.uuid}</code>
          </Row>
          <Row label="URL">
            <span className="flex flex-wrap items-center gap-2">
              <code className="min-w-0 break-all font-mono text-[13px]">{url}</code>
              <Button size="sm" variant="ghost" onClick={copy} aria-label="Copy link URL">
                <Copy className="h-3.5 w-3.5" aria-hidden />
                Copy
              </Button>
            </span>
          </Row>
        </dl>
        <div className="mt-6 flex justify-end">
          <VisitButton link={link} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
