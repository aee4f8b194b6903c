import { TEXT } from '@dispatch/shared';
import { Outlet, useNavigation } from 'react-router';
import { FALLBACK_CONFIG, useConfig } from '../../lib/site-config';
import { Footer } from './footer';
import { Navbar } from './navbar';

export function MainLayout() {
  const config = useConfig().data ?? FALLBACK_CONFIG;
  const navigating = useNavigation().state === 'loading';

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-ink px-4 py-2 text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {TEXT.layout.skipToContent}
      </a>
      {navigating && <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent-line" />}
      <Navbar siteName={config.siteName} />
      {/* At least a screen tall: the footer starts below the fold, so a page filling in never pushes it about. */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer config={config} />
    </div>
  );
}
