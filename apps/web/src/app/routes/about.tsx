import { ScrollRestoration } from 'react-router';
import {
  AboutClosing,
  AboutIntro,
  Audiences,
  Commitment,
  OurPlatform,
} from '../../features/marketing/components/about-sections';
import { AboutTopBar } from '../../features/marketing/components/about-top-bar';
import { LegalCompliance } from '../../features/marketing/components/legal-compliance';
import { SiteFooter } from '../../features/marketing/components/site-footer';

/**
 * /about sits outside the app layout (seed 000 §2: its own top bar), so it brings its own skip link,
 * main landmark, footer and scroll restoration.
 */
export function Component() {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>About · Connecting Excellence</title>
      <a
        href="#main"
        className="sr-only z-[70] bg-ink px-4 py-2 text-ivory focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <AboutTopBar />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <AboutIntro />
        <OurPlatform />
        <Audiences />
        <Commitment />
        <LegalCompliance />
        <AboutClosing />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
