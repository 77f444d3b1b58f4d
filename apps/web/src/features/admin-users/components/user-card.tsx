import { formatLongDate, type User } from '@villas/shared';
import { Check, Pencil, UserX } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardDetail, ListCard } from '../../../components/ui/list-card';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteUser } from '../api/delete-user';
import { useUpdateUser } from '../api/update-user';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { EditUserDialog } from './edit-user-dialog';

const notProvided = <span className="text-stone">Not provided</span>;

/**
 * One account: name, Approved/Pending and Admin/Agent badges, e-mail, company, licence,
 * phone and the joined (or applied) date; Edit and Delete, and for an application Approve and Reject.
 */
export function UserCard({
  user,
  isSelf,
  focusAfter,
}: {
  user: User;
  isSelf: boolean;
  /** Where focus goes once this card leaves the list (approved, rejected or deleted). */
  focusAfter: () => HTMLElement | null | undefined;
}) {
  const headingId = useId();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const name = `${user.firstName} ${user.lastName}`.trim();
  const pending = !user.approved;

  const approve = () =>
    update.mutate(
      { id: user.id, input: { approved: true } },
      {
        onSuccess: () => {
          // The name, and what it means for them: 'they', never a guessed pronoun (docs/product/administration.md#agent-approval).
          notify.success('User Approved', `${name} approved — they can now sign in`);
          focusAfter()?.focus();
        },
        onError: (err) => notify.error('Error', errorMessage(err, 'Failed to update user')),
      },
    );

  return (
    <ListCard labelledBy={headingId}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={pending ? 'yellow' : 'success'}>{pending ? 'Pending' : 'Approved'}</Badge>
        <Badge tone={user.role === 'admin' ? 'gold' : 'neutral'}>
          {user.role === 'admin' ? 'Admin' : 'Agent'}
        </Badge>
        {isSelf && <Badge tone="blue">You</Badge>}
      </div>
      <h3 id={headingId} className="mt-3 break-words text-[28px] leading-tight">
        {name}
      </h3>
      <p className="mt-1 text-xs uppercase tracking-[0.12em] text-stone">
        {pending ? 'Applied' : 'Joined'}{' '}
        <time dateTime={user.createdAt}>{formatLongDate(user.createdAt)}</time>
      </p>

      <dl className="mt-5 grid flex-1 grid-cols-1 content-start gap-x-6 gap-y-3 border-t border-line pt-4 sm:grid-cols-2">
        <CardDetail label="Email" wide>
          <a href={`mailto:${user.email}`} className="break-all underline-offset-4 hover:underline">
            {user.email}
          </a>
        </CardDetail>
        <CardDetail label="Company">{user.company}</CardDetail>
        <CardDetail label="License">{user.agentLicense || notProvided}</CardDetail>
        <CardDetail label="Phone">{user.phone || notProvided}</CardDetail>
      </dl>

      <div className="mt-5 flex flex-wrap gap-2">
        {pending && (
          <Button size="sm" onClick={approve} disabled={update.isPending}>
            <Check className="h-3.5 w-3.5" aria-hidden />
            {update.isPending ? 'Approving...' : 'Approve'} <span className="sr-only">{name}</span>
          </Button>
        )}
        <EditUserDialog
          user={user}
          isSelf={isSelf}
          trigger={
            <Button size="sm" variant="outline">
              <Pencil className="h-3.5 w-3.5" aria-hidden />
              Edit <span className="sr-only">{name}</span>
            </Button>
          }
        />
        {pending ? (
          <ConfirmDelete
            label="Reject"
            icon={<UserX className="h-3.5 w-3.5" aria-hidden />}
            subject={name}
            title={`Reject ${name}?`}
            description={
              <>
                Rejection permanently deletes the account of {name} ({user.email}). This cannot be undone;
                they would need to apply again.
              </>
            }
            confirmLabel="Reject and delete"
            pendingLabel="Rejecting..."
            remove={() => remove.mutateAsync(user.id)}
            done={['Application Rejected', 'user deleted successfully']}
            failed="Failed to delete user"
            focusAfter={focusAfter}
          />
        ) : (
          !isSelf && (
            <ConfirmDelete
              subject={name}
              title={`Delete ${name}?`}
              description={
                <>
                  The account of {name} ({user.email}) is deleted, with their white-label links and
                  notifications. This cannot be undone.
                </>
              }
              confirmLabel="Delete user"
              remove={() => remove.mutateAsync(user.id)}
              done={['User Deleted', 'user deleted successfully']}
              failed="Failed to delete user"
              focusAfter={focusAfter}
            />
          )
        )}
      </div>
    </ListCard>
  );
}
