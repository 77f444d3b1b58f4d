import type { InquiryType } from '@villas/shared';
import { ChevronDown } from 'lucide-react';
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type RefObject,
} from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { selectTriggerClass } from '../../../components/ui/select-trigger';
import { inquiryTypeOptions } from '../utils/inquiry-types';
import type { ContactFormInput } from './contact-form';

const loadForm = () => import('./contact-form');
const ContactForm = lazy(() => loadForm().then((m) => ({ default: m.ContactForm })));

/** How far below the fold the form's code starts loading: it is there before a visitor reaches it. */
const LOAD_AHEAD = '600px 0px';
const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'message'] as const;
/** The controls a visitor can reach, in order: the same in the preview and in the form. */
const CONTROLS = 'input:not([aria-hidden]), textarea, button:not([aria-hidden])';

/**
 * The landing page's contact form without its cost on arrival: the form's validation (zod), form
 * library and select load when the form is needed — the section comes near the viewport, a visitor
 * reaches into it (pointer, keyboard), or the page opens at #contact. Until then, and on the server,
 * the same form is drawn without them. The switch is a transition: the drawing stays, and can be
 * typed into, until the form's code is there; the form then starts from what was typed, with the
 * focus where it was. A submission of the drawing is kept: the form sends it once it is there.
 */
export function DeferredContactForm({ initialType }: { initialType?: InquiryType }) {
  const frame = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const load = useCallback(() => {
    if (!wanted) startTransition(() => setWanted(true));
  }, [wanted]);
  const submit = useCallback(() => {
    setSubmitted(true);
    load();
  }, [load]);

  useEffect(() => {
    const el = frame.current;
    if (!el || wanted) return;
    if (window.location.hash === '#contact' || typeof IntersectionObserver === 'undefined') {
      load();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load();
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [wanted, load]);

  const preview = <ContactFormPreview initialType={initialType} onSubmit={submit} pending={submitted} />;
  return (
    <div ref={frame} onFocus={load} onPointerDown={load}>
      <Suspense fallback={preview}>
        {wanted ? <LoadedForm frame={frame} initialType={initialType} submitOnStart={submitted} /> : preview}
      </Suspense>
    </div>
  );
}

/**
 * The form, taking over from the drawing: what was typed there and which control had focus are read
 * from the page as it first renders (the drawing is still on screen until this commits).
 */
function LoadedForm({
  frame,
  initialType,
  submitOnStart,
}: {
  frame: RefObject<HTMLDivElement | null>;
  initialType?: InquiryType;
  submitOnStart: boolean;
}) {
  const [handover] = useState(() => {
    const root = frame.current;
    const controls = root ? [...root.querySelectorAll<HTMLElement>(CONTROLS)] : [];
    const form = root?.querySelector('form');
    const data = form ? new FormData(form) : null;
    const values: Partial<ContactFormInput> = {};
    for (const name of TEXT_FIELDS) {
      const value = data?.get(name);
      if (typeof value === 'string' && value) values[name] = value;
    }
    return { values, focused: controls.indexOf(document.activeElement as HTMLElement) };
  });
  useEffect(() => {
    if (handover.focused >= 0)
      frame.current?.querySelectorAll<HTMLElement>(CONTROLS)[handover.focused]?.focus();
  }, [frame, handover]);
  return (
    <ContactForm initialType={initialType} initialValues={handover.values} submitOnStart={submitOnStart} />
  );
}

/**
 * The contact form's look and fields without its logic: what the server renders and what shows
 * until the form's code is there. Submitting it asks for the form, which then sends what was typed.
 */
function ContactFormPreview({
  initialType,
  onSubmit,
  pending,
}: {
  initialType?: InquiryType;
  onSubmit: () => void;
  pending: boolean;
}) {
  const type = inquiryTypeOptions.find((o) => o.value === (initialType ?? 'other'))!;
  const hold = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={hold} noValidate className="space-y-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="First name">
          <Input name="firstName" autoComplete="given-name" />
        </Field>
        <Field label="Last name">
          <Input name="lastName" autoComplete="family-name" />
        </Field>
      </div>
      <Field label="Email">
        <Input name="email" type="email" autoComplete="email" />
      </Field>
      <Field label="Inquiry type">
        <button type="button" role="combobox" aria-expanded={false} className={selectTriggerClass}>
          <span>{type.label}</span>
          <ChevronDown className="h-4 w-4 text-stone" aria-hidden />
        </button>
      </Field>
      <Field label="Message">
        <Textarea name="message" rows={4} />
      </Field>
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto sm:min-w-56"
        disabled={pending}
        aria-busy={pending || undefined}
      >
        {pending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
