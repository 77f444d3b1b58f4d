import { Toaster as Sonner, toast } from 'sonner';
import { LIMITS } from '@villas/shared';

/** One toast visible at a time, 5 s (seed 000 §9); region hotkey F8. */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={LIMITS.toastDurationMs}
      hotkey={['F8']}
      position="bottom-right"
      toastOptions={{
        classNames: {
          toast: 'rounded-[3px] border border-line bg-paper text-ink shadow-lift font-sans',
          title: 'font-medium',
          description: 'text-stone',
          error: 'border-danger/40',
        },
      }}
    />
  );
}

/** Title + text toasts as the error catalogue names them; destructive ones are errors. */
export const notify = {
  success: (title: string, description?: string) => toast.success(title, { description }),
  error: (title: string, description?: string) => toast.error(title, { description }),
};
