import type { InquiryType } from '@villas/shared';
import { ChevronDown } from 'lucide-react';
import {
  lazy,
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

interface Handover {
  values: Partial<ContactFormInput>;
  /** Which control had focus (its place among CONTROLS), to give it back in the form. */
  focused: number;
}

/**
 * The landing page's contact form without its cost on arrival: the form's validation (zod), form
 * library and select load when the form is needed — the section comes near the viewport, a visitor
 * reaches into it (pointer, keyboard), or the page opens at #contact. Until then, and on the server,
 * the same form is drawn without them; what a visitor typed there and where the focus was carry over.
 */
export function DeferredContactForm({ initialType }: { initialType?: InquiryType }) {
  const frame = useRef<HTMLDivElement>(null);
  const [handover, setHandover] = useState<Handover | null>(null);

  const load = useCallback(() => {
    if (handover || !frame.current) return;
    const controls = [...frame.current.querySelectorAll<HTMLElement>(CONTROLS)];
    const form = frame.current.querySelector('form');
    const data = form ? new FormData(form) : null;
    const values: Partial<ContactFormInput> = {};
    for (const name of TEXT_FIELDS) {
      const value = data?.get(name);
      if (typeof value === 'string' && value) values[name] = value;
    }
    setHandover({ values, focused: controls.indexOf(document.activeElement as HTMLElement) });
  }, [handover]);

  useEffect(() => {
    const el = frame.current;
    if (!el || handover) return;
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
  }, [handover, load]);

  return (
    <div ref={frame} onFocus={load} onPointerDown={load}>
      {handover ? (
        <Suspense fallback={<ContactFormPreview initialType={initialType} values={handover.values} />}>
          <ContactForm initialType={initialType} initialValues={handover.values} />
          <FocusAgain frame={frame} index={handover.focused} />
        </Suspense>
      ) : (
        <ContactFormPreview initialType={initialType} />
      )}
    </div>
  );
}

/** Once the form has replaced its preview: focus goes back to the control that had it. */
function FocusAgain({ frame, index }: { frame: RefObject<HTMLDivElement | null>; index: number }) {
  useEffect(() => {
    if (index < 0) return;
    frame.current?.querySelectorAll<HTMLElement>(CONTROLS)[index]?.focus();
  }, [frame, index]);
  return null;
}

/**
 * The contact form's look and fields without its logic: what the server renders and what shows
 * until the form's code is there. Submitting it waits for the form.
 */
function ContactFormPreview({
  initialType,
  values,
}: {
  initialType?: InquiryType;
  values?: Partial<ContactFormInput>;
}) {
  const type = inquiryTypeOptions.find((o) => o.value === (initialType ?? 'other'))!;
  const hold = (e: FormEvent) => e.preventDefault();
  return (
    <form onSubmit={hold} noValidate className="space-y-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="First name">
          <Input name="firstName" autoComplete="given-name" defaultValue={values?.firstName} />
        </Field>
        <Field label="Last name">
          <Input name="lastName" autoComplete="family-name" defaultValue={values?.lastName} />
        </Field>
      </div>
      <Field label="Email">
        <Input name="email" type="email" autoComplete="email" defaultValue={values?.email} />
      </Field>
      <Field label="Inquiry type">
        <button type="button" role="combobox" aria-expanded={false} className={selectTriggerClass}>
          <span>{type.label}</span>
          <ChevronDown className="h-4 w-4 text-stone" aria-hidden />
        </button>
      </Field>
      <Field label="Message">
        <Textarea name="message" rows={4} defaultValue={values?.message} />
      </Field>
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:min-w-56">
        Send Message
      </Button>
    </form>
  );
}
