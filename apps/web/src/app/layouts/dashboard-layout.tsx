import { BRIEF_TEXT, PLAN_TEXT, REVENUE_TEXT, SETTINGS_TEXT, TAG_TEXT, TEXT } from '@dispatch/shared';
import { useId, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { ArrowRightIcon, CloseIcon, MenuIcon } from '../../components/icons';
import { FALLBACK_CONFIG, useConfig } from '../../lib/site-config';
import { paths } from '../../lib/paths';

const D = TEXT.dashboard;

const LINKS = [
  { to: paths.dashboard, label: D.overview, end: true },
  { to: paths.dashboardAllUsers, label: D.allUsers, end: false },
  { to: paths.dashboardAllArticles, label: D.allArticles, end: false },
  { to: paths.dashboardAddPublisher, label: D.addPublisher, end: false },
  { to: paths.dashboardHistory, label: D.history, end: false },
  { to: paths.dashboardFunnel, label: REVENUE_TEXT.funnel.nav, end: false },
  { to: paths.dashboardPlans, label: PLAN_TEXT.pageTitle, end: false },
  { to: paths.dashboardTags, label: TAG_TEXT.nav, end: false },
  { to: paths.dashboardNewsletter, label: BRIEF_TEXT.newsletter, end: false },
  { to: paths.dashboardSettings, label: SETTINGS_TEXT.heading, end: false },
];

function linkClass({ isActive }: { isActive: boolean }) {
  return `block rounded-md px-3 py-2.5 text-sm font-semibold transition-colors ${
    isActive ? 'bg-surface text-ink' : 'text-stone-200 hover:bg-white/10 hover:text-white'
  }`;
}

/** The admin area (docs/product.md#screens): a sidebar of its pages and Exit to the site; on phones the sidebar folds away. */
export function DashboardLayout() {
  const config = useConfig().data ?? FALLBACK_CONFIG;
  const navigating = useNavigation().state === 'loading';
  const menuId = useId();
  const [open, setOpen] = useState(false);

  // Following a link folds the menu again.
  const location = useLocation();
  const [shownFor, setShownFor] = useState(location.key);
  if (shownFor !== location.key) {
    setShownFor(location.key);
    setOpen(false);
  }

  return (
    <div className="min-h-screen md:flex">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-4 py-2 text-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {TEXT.layout.skipToContent}
      </a>
      {navigating && <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent-line" />}
      <aside className="bg-band text-white md:w-64 md:shrink-0">
        <div className="md:sticky md:top-0 md:flex md:h-screen md:flex-col">
          <div className="flex items-center justify-between gap-3 px-4 py-4 md:block md:px-5 md:py-6">
            <div className="min-w-0">
              <Link to={paths.home} className="block truncate font-serif text-xl leading-tight font-black">
                {config.siteName}
              </Link>
              <p className="mt-1 text-xs font-semibold tracking-[0.12em] text-stone-300 uppercase">{D.title}</p>
            </div>
            <button
              type="button"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((value) => !value)}
              className="inline-flex shrink-0 items-center gap-2 rounded-md border border-stone-500 px-3 py-2 text-sm font-semibold md:hidden"
            >
              {open ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
              {D.menu}
            </button>
          </div>
          <nav
            id={menuId}
            aria-label={D.sidebar}
            className={`${open ? 'block' : 'hidden'} border-t border-stone-700 px-3 pb-4 md:flex md:flex-1 md:flex-col md:border-t-0 md:pb-6`}
          >
            <ul className="space-y-1 pt-3 md:pt-0">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className={linkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-3 border-t border-stone-700 pt-3 md:mt-auto">
              <Link
                to={paths.home}
                className="flex items-center justify-between rounded-md px-3 py-2.5 text-sm font-semibold text-stone-200 hover:bg-white/10 hover:text-white"
              >
                {D.exit}
                <ArrowRightIcon className="size-4" />
              </Link>
            </div>
          </nav>
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-10">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
