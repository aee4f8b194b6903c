import { TEXT } from '@dispatch/shared';
import { paths } from '../../lib/paths';

export interface NavItem {
  to: string;
  label: string;
}

export interface NavViewer {
  /** While the session is being restored: only the links everyone sees, so Login and Register do not flash. */
  pending?: boolean;
  signedIn: boolean;
  isAdmin: boolean;
  isPremium: boolean;
}

/** The navigation (docs/product.md#screens) for the viewer's state; the navbar and the footer both show exactly this. */
export function navLinks({ pending = false, signedIn, isAdmin, isPremium }: NavViewer): NavItem[] {
  const links: NavItem[] = [
    { to: paths.home, label: TEXT.nav.home },
    { to: paths.articles, label: TEXT.nav.articles },
  ];
  if (pending) return links;
  if (!signedIn) {
    links.push({ to: paths.login, label: TEXT.nav.login }, { to: paths.register, label: TEXT.nav.register });
    return links;
  }
  links.push(
    { to: paths.addArticle, label: TEXT.nav.addArticle },
    { to: paths.subscription, label: TEXT.nav.subscription },
    { to: paths.myArticles, label: TEXT.nav.myArticles },
  );
  if (isAdmin) links.push({ to: paths.dashboard, label: TEXT.nav.dashboard });
  if (isPremium) links.push({ to: paths.premiumArticles, label: TEXT.nav.premiumArticles });
  return links;
}
