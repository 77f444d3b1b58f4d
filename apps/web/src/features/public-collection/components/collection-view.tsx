import { phoneLinks, plural } from '@villas/shared';
import type { PublicProperty, PublicWhiteLabel } from '@villas/shared';
import { ArrowDown, Mail, MessageCircle, Phone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { usePreloadFonts } from '../../../lib/fonts';
import { IMAGE_SIZES, srcSetFor } from '../../../lib/images';
import { BrochureButton, StayNote } from './collection-brochure';
import { VillaCard } from './villa-card';

/**
 * The villa dialog (gallery, booking form with its date picker, validation and toasts) is most of the
 * page's code and none of its first view: it loads when a client first opens a villa, or reaches for
 * one (pointer or keyboard on a villa's buttons).
 */
const loadDialog = () => import('./villa-dialog');
const VillaDialog = lazy(() => loadDialog().then((m) => ({ default: m.VillaDialogHost })));
const preloadDialog = () => void loadDialog();

const curatedBy = (link: PublicWhiteLabel['link']) =>
  [link.agentName, link.companyName].filter(Boolean).join(', ');

/** 'Link Not Found': unknown, expired, inactive or removed links, and failed loads. */
export function LinkNotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-ivory px-6 text-center">
      <title>Link Not Found</title>
      <span className="h-px w-16 bg-gold" aria-hidden />
      <h1 className="mt-8 text-5xl sm:text-6xl">Link Not Found</h1>
      <p className="mt-5 max-w-md leading-relaxed text-stone">
        This white-label link may have expired or been removed.
      </p>
      <p className="mt-2 max-w-md text-sm text-stone">Your travel advisor can send you a new one.</p>
      <span className="mt-8 h-px w-16 bg-gold" aria-hidden />
    </main>
  );
}

function Hero({ data }: { data: PublicWhiteLabel }) {
  const { link, properties } = data;
  usePreloadFonts('display500');
  const cover = properties.find((p) => p.images.length > 0)?.images[0];
  const by = curatedBy(link);
  return (
    <header className="relative isolate flex min-h-[34rem] flex-col overflow-hidden bg-sea text-white sm:min-h-[40rem] lg:min-h-[44rem]">
      {cover && (
        // The page's largest paint: fetched first, and preloaded from the head (React adds the preload
        // when it renders the page on the server).
        <img
          src={cover}
          srcSet={srcSetFor(cover)}
          sizes={IMAGE_SIZES.collectionHero}
          alt=""
          className="absolute inset-0 -z-10 h-full w-full object-cover"
          fetchPriority="high"
        />
      )}
      <div
        className="absolute inset-0 -z-10 bg-gradient-to-t from-[#0f0e0c]/90 via-[#0f0e0c]/45 to-[#0f0e0c]/35"
        aria-hidden
      />
      <div className="mx-auto flex w-full max-w-7xl items-center justify-between gap-4 px-5 py-6 sm:px-8">
        <p className="font-display text-xl tracking-wide text-white sm:text-2xl">
          {link.companyName ?? link.agentName ?? 'Private Collection'}
        </p>
        {link.agentEmail && (
          <a
            href={`mailto:${link.agentEmail}`}
            className="inline-flex items-center gap-2 rounded-[2px] border border-white/60 px-3 py-2 text-[11px] font-medium uppercase tracking-[0.16em] text-white transition-colors hover:bg-white hover:text-ink sm:px-4"
          >
            <Mail className="h-3.5 w-3.5" aria-hidden />
            <span className="hidden sm:inline">Contact your advisor</span>
            <span className="sm:hidden">Contact</span>
          </a>
        )}
      </div>
      <div className="mx-auto mt-auto w-full max-w-7xl px-5 pb-14 sm:px-8 sm:pb-20">
        <p className="text-xs font-medium uppercase tracking-[0.28em] text-[#ecdcc0]">A private collection</p>
        <h1 className="mt-4 max-w-4xl text-5xl leading-[1.02] text-white sm:text-7xl">{link.title}</h1>
        {link.description && (
          <p className="mt-6 max-w-2xl text-base leading-relaxed text-white/90 sm:text-lg">
            {link.description}
          </p>
        )}
        {by && <p className="mt-6 font-display text-xl italic text-[#ecdcc0] sm:text-2xl">Curated by {by}</p>}
        {link.stay && (
          <StayNote stay={link.stay} className="mt-3 text-xs uppercase tracking-[0.2em] text-white/85" />
        )}
        <div className="mt-9 flex flex-wrap items-center gap-x-6 gap-y-3">
          {properties.length > 0 && (
            <Button variant="light" asChild>
              <a href="#collection">
                View the collection
                <ArrowDown className="h-4 w-4" aria-hidden />
              </a>
            </Button>
          )}
          {properties.length > 0 && <BrochureButton uuid={link.uuid} />}
          <p className="text-xs uppercase tracking-[0.2em] text-white/85">
            {plural(properties.length, 'residence')}
          </p>
        </div>
      </div>
    </header>
  );
}

const PHONE_LINK =
  'inline-flex min-h-11 items-center gap-2 rounded-[2px] border border-white/60 px-4 text-[11px] font-medium uppercase tracking-[0.16em] text-white transition-colors hover:bg-white hover:text-ink';

/**
 * The advisor's name and company, e-mail, and, when their profile's phone reads as an international
 * number (the server sends it in E.164), 'Call' (tel:) and 'WhatsApp' (wa.me) beside the e-mail.
 */
function ContactFooter({ link }: { link: PublicWhiteLabel['link'] }) {
  const phone = link.agentPhone ? phoneLinks(link.agentPhone) : null;
  return (
    <footer className="bg-sea text-ivory">
      <div className="mx-auto grid max-w-7xl gap-10 px-5 py-16 sm:px-8 sm:py-20 md:grid-cols-[1fr_auto] md:items-end">
        <div>
          <p className="text-xs font-medium uppercase tracking-[0.28em] text-[#ecdcc0]">
            Your travel advisor
          </p>
          <p className="mt-4 font-display text-4xl text-white sm:text-5xl">
            {link.agentName ?? link.companyName}
          </p>
          {link.agentName && link.companyName && (
            <p className="mt-2 text-lg text-white/85">{link.companyName}</p>
          )}
          <p className="mt-6 max-w-lg text-sm leading-relaxed text-white/80">
            Every residence in this collection is offered privately. Availability, rates and the details of
            your stay are confirmed personally by your advisor.
          </p>
        </div>
        {(link.agentEmail || phone) && (
          <div className="flex flex-col gap-5 md:items-end md:text-right">
            {link.agentEmail && (
              <a
                href={`mailto:${link.agentEmail}`}
                className="inline-flex items-center gap-3 break-all text-lg text-white underline decoration-[#ecdcc0]/60 underline-offset-8 transition-colors hover:decoration-white"
              >
                <Mail className="h-5 w-5 shrink-0 text-[#ecdcc0]" aria-hidden />
                {link.agentEmail}
              </a>
            )}
            {phone && (
              <ul aria-label="Phone" className="flex flex-wrap gap-3">
                <li>
                  <a href={phone.call} className={PHONE_LINK}>
                    <Phone className="h-3.5 w-3.5" aria-hidden />
                    Call
                    <span className="sr-only"> your advisor</span>
                  </a>
                </li>
                <li>
                  <a href={phone.whatsApp} target="_blank" rel="noopener noreferrer" className={PHONE_LINK}>
                    <MessageCircle className="h-3.5 w-3.5" aria-hidden />
                    WhatsApp
                    <span className="sr-only"> your advisor (opens in a new tab)</span>
                  </a>
                </li>
              </ul>
            )}
          </div>
        )}
      </div>
    </footer>
  );
}

/**
 * The collection itself: the agent's branded hero, the villas (never a price), each with 'Request to
 * Book', the detail dialog with the booking form, and a contact footer. Rendered on the server too
 * (collection.html), so it takes its data as it is.
 */
export function CollectionView({ uuid, data }: { uuid: string; data: PublicWhiteLabel }) {
  const [open, setOpen] = useState<{ property: PublicProperty; request: boolean } | null>(null);
  // Once opened, the dialog stays mounted (closed), and with it the toasts of a request just sent.
  const [dialogUsed, setDialogUsed] = useState(false);
  const show = (property: PublicProperty, request: boolean) => {
    setDialogUsed(true);
    setOpen({ property, request });
  };

  const { link, properties } = data;
  return (
    <div className="flex min-h-dvh flex-col bg-ivory">
      {/* The page is the agent's, not the platform's: its title is the link's alone. */}
      <title>{link.title}</title>
      <meta name="robots" content="noindex" />
      <a
        href="#collection"
        className="sr-only z-[70] bg-ink px-4 py-2 text-ivory focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to the collection
      </a>
      <Hero data={data} />
      <main id="collection" tabIndex={-1} className="flex-1 scroll-mt-4 focus:outline-none">
        <div className="mx-auto max-w-7xl px-5 py-16 sm:px-8 sm:py-24">
          <div className="mb-12 flex flex-col gap-3 sm:mb-16">
            <p className="eyebrow">The collection</p>
            <h2 className="text-4xl sm:text-5xl">
              {properties.length > 0 ? 'Selected for you' : 'The collection'}
            </h2>
            <span className="mt-2 h-px w-16 bg-gold" aria-hidden />
          </div>
          {properties.length === 0 ? (
            <p className="rounded-[3px] border border-dashed border-line bg-paper px-6 py-16 text-center text-stone">
              No properties available in this collection.
            </p>
          ) : (
            <ul
              className="grid gap-8 md:grid-cols-2 xl:grid-cols-3"
              onPointerOver={preloadDialog}
              onFocus={preloadDialog}
            >
              {properties.map((p) => (
                <li key={p.id} className="flex">
                  <VillaCard property={p} onDetails={() => show(p, false)} onRequest={() => show(p, true)} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </main>
      <ContactFooter link={link} />
      {dialogUsed && (
        <Suspense fallback={null}>
          <VillaDialog
            uuid={uuid}
            property={open?.property ?? null}
            agentName={link.agentName}
            focusRequest={open?.request ?? false}
            onOpenChange={(o) => !o && setOpen(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
