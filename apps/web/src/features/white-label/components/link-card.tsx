import {
  brochurePath,
  formatLongDate,
  linkStayOf,
  markupLabel,
  type WhiteLabelLink,
  plural,
} from '@villas/shared';
import { Copy, Download, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DANGER_GHOST } from '../../../components/ui/confirm-delete';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { notify } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { useDeleteWhiteLabelLink } from '../api/delete-link';
import { CreateNewLinkForm } from './create-new-link-form';

const SHOWN_NAMES = 3;

/** The absolute address a client opens. */
export const absoluteLinkUrl = (uuid: string) => new URL(paths.whiteLabel(uuid), window.location.origin).href;

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'green' : 'gray'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

/** Whether a client can open the link now (active and not expired): only then is there a brochure. */
export const isLive = (link: Pick<WhiteLabelLink, 'isActive' | 'expiresAt'>) =>
  link.isActive && (!link.expiresAt || new Date(link.expiresAt).getTime() > Date.now());

/** 'Download brochure' of a live link: the PDF its client downloads, named after the link for screen readers. */
export function LinkBrochureButton({
  link,
  variant,
}: {
  link: Pick<WhiteLabelLink, 'uuid' | 'title'>;
  variant: 'outline' | 'ghost';
}) {
  return (
    <Button size="sm" variant={variant} asChild>
      <a href={brochurePath(link.uuid)} download>
        <Download className="h-3.5 w-3.5" aria-hidden />
        Download brochure
        <span className="sr-only"> of {link.title}</span>
      </a>
    </Button>
  );
}

/**
 * 'Prices in GBP · +10%' (a fixed markup per stay, or per week on a link without dates), or 'No prices
 * shown' for a link whose client sees none.
 */
export const pricingSummary = (link: WhiteLabelLink) =>
  link.markupType === 'none'
    ? markupLabel(link)
    : `Prices in ${link.currency} · ${markupLabel(link, linkStayOf(link.searchFilters) ? 'stay' : 'week')}`;

/**
 * A link in the management dialog: the first 3 villa names then '+N more', the client's
 * price settings, copy link, open, download the brochure (a live link), edit and delete (after a
 * confirmation).
 */
export function LinkCard({ link }: { link: WhiteLabelLink }) {
  const remove = useDeleteWhiteLabelLink();
  const [editing, setEditing] = useState(false);
  const names = link.propertyNames ?? [];
  const shown = names.slice(0, SHOWN_NAMES);
  const more = Math.max(0, (names.length || link.propertyIds.length) - shown.length);

  const copy = async () => {
    const url = absoluteLinkUrl(link.uuid);
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied to clipboard');
    } catch {
      notify.error('Could not copy the link', url);
    }
  };

  const onDelete = () =>
    remove.mutateAsync(link.id).then(
      () => {
        notify.success('White-label link deleted successfully');
        return true;
      },
      () => {
        notify.error('Failed to delete white-label link');
        return false;
      },
    );

  return (
    <article className="rounded-[3px] border border-line bg-ivory/60 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="min-w-0 break-words font-display text-2xl leading-tight">{link.title}</h3>
        <ActiveBadge active={link.isActive} />
      </div>
      {link.description && <p className="mt-2 text-sm leading-relaxed text-stone">{link.description}</p>}

      <ul aria-label="Villas in this link" className="mt-4 flex flex-wrap gap-2">
        {shown.map((n, i) => (
          <li key={`${n}-${i}`}>
            <Badge tone="neutral" className="text-xs">
              {n}
            </Badge>
          </li>
        ))}
        {more > 0 && (
          <li>
            <Badge tone="gold" className="text-xs">{`+${more} more`}</Badge>
          </li>
        )}
      </ul>

      <p className="mt-4 text-sm text-ink">{pricingSummary(link)}</p>
      <p className="mt-1 text-xs uppercase tracking-[0.12em] text-stone">
        Created {formatLongDate(link.createdAt)} · {plural(link.viewCount, 'view')}
        {link.expiresAt ? ` · Expires ${formatLongDate(link.expiresAt)}` : ''}
      </p>

      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={copy} aria-label={`Copy link to ${link.title}`}>
          <Copy className="h-3.5 w-3.5" aria-hidden />
          Copy link
        </Button>
        <Button size="sm" variant="ghost" asChild>
          <a href={paths.whiteLabel(link.uuid)} target="_blank" rel="noopener noreferrer">
            <ExternalLink className="h-3.5 w-3.5" aria-hidden />
            Open
            <span className="sr-only"> {link.title} in a new tab</span>
          </a>
        </Button>
        {isLive(link) && <LinkBrochureButton link={link} variant="ghost" />}
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit ${link.title}`}>
          <Pencil className="h-3.5 w-3.5" aria-hidden />
          Edit
        </Button>
        <Dialog open={editing} onOpenChange={setEditing}>
          <DialogContent
            className="max-w-xl"
            title="Edit Link"
            description="Change the villas, how the link presents you, and your client's price."
          >
            <CreateNewLinkForm
              link={link}
              onCancel={() => setEditing(false)}
              onDone={() => setEditing(false)}
            />
          </DialogContent>
        </Dialog>
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost" className={DANGER_GHOST} aria-label={`Delete ${link.title}`}>
              <Trash2 className="h-3.5 w-3.5" aria-hidden />
              Delete
            </Button>
          }
          title="Delete this link?"
          description={`“${link.title}” will stop working for everyone you have shared it with. This cannot be undone.`}
          confirmLabel="Delete link"
          pendingLabel="Deleting..."
          onConfirm={onDelete}
        />
      </div>
    </article>
  );
}
