import { ScrollRestoration } from 'react-router';
import { SkipLink } from '../../components/layout/skip-link';
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
import { useUser } from '../../lib/auth';
import { NavBar } from '../layout/nav-bar';

/**
 * /about sits outside the app layout (its own top bar for visitors), so it brings its own
 * skip link, main landmark, footer and scroll restoration. A signed-in user keeps the app's navigation,
 * bell and Logout instead of being offered 'Agent Login'.
 */
export function Component() {
  const { data: user, isPending } = useUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {isPending ? (
        // Neither bar until the session is known: no 'Agent Login' flashing at a signed-in agent.
        <div className="h-18 border-b border-line/80 bg-ivory" aria-hidden />
      ) : user ? (
        <NavBar />
      ) : (
        <AboutTopBar />
      )}
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
