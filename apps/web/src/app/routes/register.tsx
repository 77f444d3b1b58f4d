import { Check } from 'lucide-react';
import { AuthShell } from '../../features/auth/components/auth-shell';
import { RegisterForm } from '../../features/auth/components/register-form';

const REQUIREMENTS = [
  'Licensed travel agent or tour operator',
  'Established travel company',
  'Experience with luxury travel bookings',
];

export function Component() {
  return (
    <AuthShell
      eyebrow="Apply for Access"
      title="Agent application"
      intro={
        <>
          <p>Access is reserved for travel professionals. Applications are reviewed within 24 hours.</p>
          <div className="mt-6 rounded-[3px] border border-line bg-paper p-5">
            <h2 className="text-xl">Access requirements</h2>
            <ul className="mt-3 space-y-2 text-sm text-ink">
              {REQUIREMENTS.map((r) => (
                <li key={r} className="flex gap-2.5">
                  <Check className="mt-0.5 h-4 w-4 shrink-0 text-gold-deep" aria-hidden /> {r}
                </li>
              ))}
            </ul>
          </div>
        </>
      }
    >
      <RegisterForm />
    </AuthShell>
  );
}
