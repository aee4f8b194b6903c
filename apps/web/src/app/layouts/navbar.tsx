import { imageSrcSet, TEXT, type User } from '@dispatch/shared';
import { lazy, Suspense, useId, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { CloseIcon, LogoutIcon, MenuIcon } from '../../components/icons';
import { useLogout } from '../../features/auth/api/logout';
import { useToastsBelow } from './use-toasts-below';
import { ThemeToggle } from '../../features/theme/components/theme-toggle';
import { useDisclosure } from '../../hooks/use-disclosure';
import { useToday, WEEKDAY } from '../../components/local-time';
import { useLiveViewer } from '../../hooks/use-viewer';
import { paths } from '../../lib/paths';
import { navLinksFor } from './use-nav-links';

// Signed-in readers only: the bell's code stays out of an anonymous reader's first load.
const NoticeBell = lazy(async () => ({
  default: (await import('../../features/notices/components/notice-bell')).NoticeBell,
}));

// Only while a renewal has failed: its words stay out of everyone's first load.
const PastDueBanner = lazy(async () => ({
  default: (await import('../../features/subscription/components/past-due-banner')).PastDueBanner,
}));

/** The bell, or a space of its size while its code loads. */
function BellSlot({ isEditor }: { isEditor: boolean }) {
  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-block size-10" />}>
      <NoticeBell isEditor={isEditor} />
    </Suspense>
  );
}

function desktopLinkClass({ isActive }: { isActive: boolean }) {
  return `inline-block border-b-2 py-3 text-sm font-semibold tracking-[0.08em] uppercase transition-colors ${
    isActive ? 'border-ink text-ink' : 'border-transparent text-ink-soft hover:border-stone-400 hover:text-ink'
  }`;
}

function mobileLinkClass({ isActive }: { isActive: boolean }) {
  return `block rounded-md px-3 py-3 text-base font-semibold ${
    isActive ? 'bg-surface-muted text-ink' : 'text-ink-soft hover:bg-surface-muted hover:text-ink'
  }`;
}

/** The signed-in reader's photo (alt: their name), leading to /profile (docs/product.md#screens). */
function ProfilePhoto({ user, size }: { user: User; size: number }) {
  // A page shared by the reader's audience shows whose it is once it has hydrated.
  if (!user.profile_pic)
    return (
      <span
        aria-hidden="true"
        className="inline-block shrink-0 rounded-full border border-rule bg-surface-muted"
        style={{ width: size, height: size }}
      />
    );
  return (
    <img
      src={user.profile_pic}
      srcSet={imageSrcSet(user.profile_pic)}
      sizes={`${size}px`}
      alt={user.name}
      width={size}
      height={size}
      className="shrink-0 rounded-full border border-rule bg-surface-muted object-cover"
      style={{ width: size, height: size }}
    />
  );
}

function LogoutButton({ onClick, pending, className }: { onClick: () => void; pending: boolean; className: string }) {
  return (
    <button type="button" onClick={onClick} disabled={pending} aria-busy={pending} className={className}>
      <LogoutIcon className="size-4" />
      {TEXT.nav.logout}
    </button>
  );
}

export function Navbar({ siteName }: { siteName: string }) {
  const today = useToday(WEEKDAY);
  const viewer = useLiveViewer();
  const links = navLinksFor(viewer);
  const { user } = viewer;
  const logout = useLogout();
  const onLogout = () => logout.mutate();
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useDisclosure(headerRef, buttonRef);
  useToastsBelow(headerRef);

  return (
    <header ref={headerRef} className="relative z-30 border-b border-rule bg-paper">
      <div className="hidden border-b border-rule md:block">
        <div className="container-page flex items-center justify-between py-2 text-xs text-ink-soft">
          <span>{today}</span>
          <span className="italic">{TEXT.brand.tagline}</span>
        </div>
      </div>
      <div className="container-page flex items-center justify-between gap-4 py-4 md:grid md:grid-cols-[1fr_auto_1fr] md:py-6">
        <div className="hidden md:block">
          <ThemeToggle />
        </div>
        <Link
          to={paths.home}
          className="font-serif text-[1.375rem] leading-none font-black tracking-tight whitespace-nowrap text-ink min-[400px]:text-[1.625rem] sm:text-4xl md:text-5xl lg:text-6xl"
        >
          {siteName}
        </Link>
        {user && (
          <div className="hidden items-center justify-self-end md:flex md:gap-3">
            <BellSlot isEditor={viewer.isAdmin} />
            <Link to={paths.profile} title={TEXT.auth.profilePhotoLabel} className="rounded-full">
              <ProfilePhoto user={user} size={40} />
            </Link>
            <LogoutButton
              onClick={onLogout}
              pending={logout.isPending}
              className="btn btn-outline px-3 py-1.5 whitespace-nowrap"
            />
          </div>
        )}
        <div className="flex items-center gap-2 md:hidden">
          {/* Signed in, the bell takes the toggle's place; the toggle is in the menu. */}
          {user ? <BellSlot isEditor={viewer.isAdmin} /> : <ThemeToggle />}
          <button
            ref={buttonRef}
            type="button"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
            className="inline-flex items-center gap-2 rounded-md border border-ink px-3 py-2 text-sm font-semibold text-ink"
          >
            {open ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
            {TEXT.layout.menu}
          </button>
        </div>
      </div>
      <nav aria-label={TEXT.layout.mainNavigation} className="hidden border-t-4 border-double border-ink md:block">
        <ul className="container-page flex flex-wrap items-center justify-center gap-x-8">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className={desktopLinkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {viewer.pastDue && (
        <Suspense fallback={null}>
          <PastDueBanner />
        </Suspense>
      )}
      <div
        id={menuId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-rule bg-surface shadow-lg md:hidden"
      >
        {user && (
          <div className="container-page flex items-center justify-between gap-3 border-b border-rule py-3">
            <Link
              to={paths.profile}
              title={TEXT.auth.profilePhotoLabel}
              className="flex min-w-0 items-center gap-3 rounded-md py-1 pr-2"
            >
              <ProfilePhoto user={user} size={40} />
              <span aria-hidden="true" className="truncate font-semibold text-ink">
                {user.name}
              </span>
            </Link>
            <span className="flex shrink-0 items-center gap-2">
              <ThemeToggle />
              <LogoutButton
                onClick={onLogout}
                pending={logout.isPending}
                className="btn btn-outline shrink-0 px-3 py-2"
              />
            </span>
          </div>
        )}
        <nav aria-label={TEXT.layout.mainNavigation}>
          <ul className="container-page space-y-1 py-3">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={mobileLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
