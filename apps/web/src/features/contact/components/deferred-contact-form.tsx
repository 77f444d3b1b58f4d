import {
  CONTACT_FORM,
  FORM_SENT_PARAM,
  formAction,
  postedFormKey,
  type InquiryType,
  type PostedForm,
} from '@villas/shared';
import { useQueryClient } from '@tanstack/react-query';
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
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { selectTriggerClass } from '../../../components/ui/select-trigger';
import { inquiryTypeOptions, isInquiryType } from '../utils/inquiry-types';
import { CONTACT_SENT } from '../utils/messages';
import type { ContactFormInput } from './contact-form';

const loadForm = () => import('./contact-form');
const ContactForm = lazy(() => loadForm().then((m) => ({ default: m.ContactForm })));

/** How far below the fold the form's code starts loading: it is there before a visitor reaches it. */
const LOAD_AHEAD = '600px 0px';
const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'message'] as const;
/** The controls a visitor can reach, in order: the same in the preview and in the form. */
const CONTROLS = 'input:not([aria-hidden]):not([type="hidden"]), textarea, button:not([aria-hidden])';
/** The page the form is on: without JavaScript it posts there (POST /), and is sent back there. */
const PAGE = '/';

/**
 * The landing page's contact form without its cost on arrival: the form's validation (zod), form
 * library and select load when the form is needed — the section comes near the viewport, a visitor
 * reaches into it (pointer, keyboard), or the page opens at #contact. Until then, and on the server,
 * the same form is drawn without them. The switch is a transition: the drawing stays, and can be
 * typed into, until the form's code is there; the form then starts from what was typed, with the
 * focus where it was. A submission of the drawing is kept: the form sends it once it is there.
 *
 * Without JavaScript the drawing is the form: the browser posts it to the page (`POST /`), which
 * answers with the page again, at `?sent=contact` when the message was stored (the note below says
 * so), or with what was typed and each field's error when it was refused (the page's state carries
 * them under `postedFormKey`).
 */
export function DeferredContactForm({ initialType }: { initialType?: InquiryType }) {
  const [params] = useSearchParams();
  const sent = params.get(FORM_SENT_PARAM) === CONTACT_FORM;
  const posted = useQueryClient().getQueryData<PostedForm>([postedFormKey(CONTACT_FORM)]);
  const postedType = posted?.values.inquiryType;
  const type = isInquiryType(postedType) ? postedType : initialType;
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

  const preview = (
    <ContactFormPreview initialType={type} posted={posted} onSubmit={submit} pending={submitted} />
  );
  return (
    <div ref={frame} onFocus={load} onPointerDown={load}>
      {sent && (
        <div role="status" className="mb-8 border-l-2 border-gold-deep bg-ivory px-5 py-4">
          <p className="font-medium text-ink">{CONTACT_SENT.title}</p>
          <p className="mt-1 text-sm text-stone">{CONTACT_SENT.description}</p>
        </div>
      )}
      <Suspense fallback={preview}>
        {wanted ? <LoadedForm frame={frame} initialType={type} submitOnStart={submitted} /> : preview}
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
 * Without JavaScript the browser posts it; the inquiry type is the one the page was opened with.
 */
function ContactFormPreview({
  initialType,
  posted,
  onSubmit,
  pending,
}: {
  initialType?: InquiryType;
  /** A refused post: what was typed and the errors, shown as the form would show them. */
  posted?: PostedForm;
  onSubmit: () => void;
  pending: boolean;
}) {
  const type = inquiryTypeOptions.find((o) => o.value === (initialType ?? 'other'))!;
  const hold = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const typed = posted?.values ?? {};
  const errors = posted?.errors ?? {};
  return (
    <form
      method="post"
      action={formAction(PAGE, CONTACT_FORM)}
      onSubmit={hold}
      noValidate
      className="space-y-6"
    >
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="First name" error={errors.firstName}>
          <Input name="firstName" autoComplete="given-name" defaultValue={typed.firstName} />
        </Field>
        <Field label="Last name" error={errors.lastName}>
          <Input name="lastName" autoComplete="family-name" defaultValue={typed.lastName} />
        </Field>
      </div>
      <Field label="Email" error={errors.email}>
        <Input name="email" type="email" autoComplete="email" defaultValue={typed.email} />
      </Field>
      <Field label="Inquiry type" error={errors.inquiryType}>
        <button type="button" role="combobox" aria-expanded={false} className={selectTriggerClass}>
          <span>{type.label}</span>
          <ChevronDown className="h-4 w-4 text-stone" aria-hidden />
        </button>
      </Field>
      <input type="hidden" name="inquiryType" value={type.value} />
      <Field label="Message" error={errors.message}>
        <Textarea name="message" rows={4} defaultValue={typed.message} />
      </Field>
      {errors[''] && (
        <p role="alert" className="text-xs text-danger">
          {errors['']}
        </p>
      )}
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
