import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/utils';

export const fieldClass =
  'w-full rounded-[2px] border border-line bg-paper px-3.5 py-2.5 text-[15px] text-ink placeholder:text-stone/70 transition-colors focus:border-gold-deep focus:outline-none focus-visible:outline-none focus:ring-1 focus:ring-gold-deep aria-[invalid=true]:border-danger disabled:bg-sand/50 disabled:text-stone';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(fieldClass, 'h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(fieldClass, 'min-h-24', className)} {...props} />;
}
