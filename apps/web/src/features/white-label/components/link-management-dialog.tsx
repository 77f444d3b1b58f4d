import { Link2, Plus, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useAgentLinks } from '../api/get-links';
import { CreateNewLinkForm } from './create-new-link-form';
import { InquiryList } from './inquiry-list';
import { LinkCard } from './link-card';

function MyLinks({ agentId, onCreate }: { agentId: number; onCreate: () => void }) {
  const { data, isPending, isError } = useAgentLinks(agentId);
  if (isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading links" />
      </div>
    );
  if (isError) return <p className="py-12 text-center text-sm text-stone">Your links could not be loaded.</p>;
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
        <LinkCard key={l.id} link={l} />
      ))}
    </div>
  );
}

/**
 * The agent's 'White-label Link Management' dialog (seed 000 §2): tabs 'My Links' and 'Inquiries',
 * and a nested 'Create New Link' dialog.
 */
export function LinkManagementDialog({ agentId }: { agentId: number }) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useState('links');

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
            <Button size="sm" className="self-start sm:mb-2" onClick={() => setCreating(true)}>
              <Plus className="h-4 w-4" aria-hidden />
              Create New Link
            </Button>
          </div>
          <TabsContent value="links" className="pt-6">
            <MyLinks agentId={agentId} onCreate={() => setCreating(true)} />
          </TabsContent>
          <TabsContent value="inquiries" className="pt-6">
            <InquiryList agentId={agentId} />
          </TabsContent>
        </Tabs>

        <Dialog open={creating} onOpenChange={setCreating}>
          <DialogContent
            className="max-w-xl"
            title="Create New Link"
            description="Choose the villas and how the link presents you to your client."
          >
            <CreateNewLinkForm
              agentId={agentId}
              onCancel={() => setCreating(false)}
              onDone={() => {
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
