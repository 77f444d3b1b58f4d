import type { WhiteLabelLink } from '@villas/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link2, Plus, Settings2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useAgentLinks } from '../api/get-links';
import { queryKeys } from '../../../lib/query-keys';
import { CreateNewLinkForm } from './create-new-link-form';
import { InquiryList, type InquiryActions } from './inquiry-list';
import { LinkCard } from './link-card';

function MyLinks({ agentId, onCreate }: { agentId: number; onCreate: () => void }) {
  const { data, isPending, isError } = useAgentLinks(agentId);
  if (isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading links" />
      </div>
    );
  if (isError) return <QueryState pending={false} error what="Your links" errorLayout="text" />;
  if (data.length === 0)
    return (
      <div className="flex flex-col items-center py-14 text-center">
        <Link2 className="h-8 w-8 text-gold-deep" strokeWidth={1.25} aria-hidden />
        <p className="mt-4 font-display text-2xl">No links yet</p>
        <p className="mt-2 max-w-sm text-sm text-stone">
          Gather a few villas into a branded page for a client.
        </p>
        <Button className="mt-6" size="sm" onClick={onCreate}>
          <Plus className="h-4 w-4" aria-hidden />
          Create New Link
        </Button>
      </div>
    );
  return (
    <div className="space-y-4">
      {data.map((l) => (
        // Focusable as a whole, so a link just created can take focus (see newLinkCard).
        <div
          key={l.id}
          data-link-id={l.id}
          role="group"
          aria-label={l.title}
          tabIndex={-1}
          className="rounded-[3px] outline-none focus-visible:ring-2 focus-visible:ring-gold-deep"
        >
          <LinkCard link={l} />
        </div>
      ))}
    </div>
  );
}

/**
 * The agent's 'White-label Link Management' dialog: tabs 'My Links' and 'Inquiries',
 * and a nested 'Create New Link' dialog.
 */
export function LinkManagementDialog({
  agentId,
  inquiryActions,
}: {
  agentId: number;
  /** Extra actions on each client request (the agent's dashboard adds 'Place hold'). */
  inquiryActions?: InquiryActions;
}) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useState('links');
  const qc = useQueryClient();
  const cachedLinks = () => qc.getQueryData<WhiteLabelLink[]>(queryKeys.agentLinks(agentId)) ?? [];
  // The links known when 'Create New Link' opened, and whether it ended with a link created.
  const known = useRef<ReadonlySet<number>>(new Set());
  const created = useRef(false);
  const startCreating = () => {
    known.current = new Set(cachedLinks().map((l) => l.id));
    created.current = false;
    setCreating(true);
  };
  // After a create the list has been refetched (the mutation waits for it): focus the new card, or
  // leave focus to the opener when it is not shown yet (e.g. created from the Inquiries tab).
  const newLinkCard = () => {
    if (!created.current) return null;
    const fresh = cachedLinks().find((l) => !known.current.has(l.id));
    return fresh ? document.querySelector<HTMLElement>(`[data-link-id="${fresh.id}"]`) : null;
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full text-xs sm:w-auto sm:text-sm">
          <Settings2 className="h-4 w-4" aria-hidden />
          White-label Link Management
        </Button>
      </DialogTrigger>
      <DialogContent
        wide
        className="max-w-3xl"
        title="White-label Link Management"
        description="Create and share branded collections, and follow up the requests they bring."
      >
        <Tabs value={tab} onValueChange={setTab}>
          <div className="flex flex-col-reverse gap-4 border-line sm:flex-row sm:items-end sm:justify-between sm:border-b">
            <TabsList className="sm:border-b-0">
              <TabsTrigger value="links">My Links</TabsTrigger>
              <TabsTrigger value="inquiries">Inquiries</TabsTrigger>
            </TabsList>
            <Button size="sm" className="self-start sm:mb-2" onClick={startCreating}>
              <Plus className="h-4 w-4" aria-hidden />
              Create New Link
            </Button>
          </div>
          <TabsContent value="links" className="pt-6">
            <MyLinks agentId={agentId} onCreate={startCreating} />
          </TabsContent>
          <TabsContent value="inquiries" className="pt-6">
            <InquiryList agentId={agentId} actions={inquiryActions} />
          </TabsContent>
        </Tabs>

        <Dialog open={creating} onOpenChange={setCreating}>
          <DialogContent
            returnFocus={newLinkCard}
            className="max-w-xl"
            title="Create New Link"
            description="Choose the villas and how the link presents you to your client."
          >
            <CreateNewLinkForm
              agentId={agentId}
              onCancel={() => setCreating(false)}
              onDone={() => {
                created.current = true;
                setCreating(false);
                setTab('links');
              }}
            />
          </DialogContent>
        </Dialog>
      </DialogContent>
    </Dialog>
  );
}
