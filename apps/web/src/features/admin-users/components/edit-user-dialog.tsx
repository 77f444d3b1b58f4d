import { zodResolver } from '@hookform/resolvers/zod';
import { updateUserSchema, type Role, type UpdateUserInput, type User } from '@villas/shared';
import { useId, useState, type ReactElement } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Field, Label } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Select } from '../../../components/ui/select';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateUser } from '../api/update-user';

/** The server's edit schema with every field but the password required, as the dialog shows them all. */
const editUserSchema = updateUserSchema.required({
  email: true,
  firstName: true,
  lastName: true,
  company: true,
  approved: true,
  role: true,
});
type Values = z.input<typeof editUserSchema>;

const ROLE_OPTIONS: Array<{ value: Role; label: string }> = [
  { value: 'agent', label: 'Agent' },
  { value: 'admin', label: 'Admin' },
];

const valuesOf = (u: User): Values => ({
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  company: u.company,
  agentLicense: u.agentLicense ?? '',
  phone: u.phone ?? '',
  password: '',
  role: u.role,
  approved: u.approved,
});

/**
 * The Edit dialog: e-mail, names, company, licence, phone, password, role and
 * approval. A blank password is not sent and stays unchanged. An admin cannot take away their own
 * admin access here.
 */
export function EditUserDialog({
  user,
  isSelf,
  trigger,
}: {
  user: User;
  isSelf: boolean;
  trigger: ReactElement;
}) {
  const [open, setOpen] = useState(false);
  const update = useUpdateUser();
  const approvedId = useId();
  const form = useForm<Values, unknown, z.output<typeof editUserSchema>>({
    resolver: zodResolver(editUserSchema),
    defaultValues: valuesOf(user),
  });
  const { errors } = form.formState;
  const r = form.register;
  const [role, approved] = useWatch({ control: form.control, name: ['role', 'approved'] });
  const name = `${user.firstName} ${user.lastName}`.trim();

  const onOpenChange = (next: boolean) => {
    if (update.isPending) return;
    // Each opening starts from the account as it is now.
    if (next) form.reset(valuesOf(user));
    setOpen(next);
  };

  const onSubmit = form.handleSubmit(({ password, ...rest }) => {
    const input: UpdateUserInput = { ...rest, ...(password ? { password } : {}) };
    update.mutate(
      { id: user.id, input },
      {
        onSuccess: () => {
          notify.success('User Updated', 'user updated successfully');
          setOpen(false);
        },
        onError: (err) => notify.error('Error', errorMessage(err, 'Failed to update user')),
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={`Edit ${name}`} description="Changes apply as soon as you save.">
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="First name" error={errors.firstName?.message}>
              <Input autoComplete="off" {...r('firstName')} />
            </Field>
            <Field label="Last name" error={errors.lastName?.message}>
              <Input autoComplete="off" {...r('lastName')} />
            </Field>
          </div>
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...r('email')} />
          </Field>
          <Field label="Company" error={errors.company?.message}>
            <Input autoComplete="off" {...r('company')} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="License (ABTA/IATA)" error={errors.agentLicense?.message}>
              <Input autoComplete="off" {...r('agentLicense')} />
            </Field>
            <Field label="Phone" error={errors.phone?.message}>
              <Input type="tel" autoComplete="off" {...r('phone')} />
            </Field>
          </div>
          <Field
            label="New password"
            error={errors.password?.message}
            hint="Leave blank to keep the current password."
          >
            <PasswordInput autoComplete="new-password" {...r('password')} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2 sm:items-end">
            <Field
              label="Role"
              error={errors.role?.message}
              hint={isSelf ? 'You cannot remove your own admin access.' : undefined}
            >
              <Select
                value={role}
                onValueChange={(v) => form.setValue('role', v as Role, { shouldDirty: true })}
                options={ROLE_OPTIONS}
                disabled={isSelf}
              />
            </Field>
            <div className="flex h-11 items-center gap-3">
              <Checkbox
                id={approvedId}
                checked={approved}
                onCheckedChange={(v) => form.setValue('approved', v, { shouldDirty: true })}
                disabled={isSelf}
              />
              <Label htmlFor={approvedId} className="mb-0 cursor-pointer text-ink">
                Approved
              </Label>
            </div>
          </div>
          <DialogActions
            className="pt-2"
            submitLabel="Save Changes"
            pendingLabel="Saving..."
            pending={update.isPending}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
