import { useViewer, type ViewerState } from '../../hooks/use-viewer';
import { navLinks } from './nav-links';

export function navLinksFor({ user, loading, isAdmin, isPremium }: ViewerState) {
  return navLinks({ pending: loading, signedIn: user !== null, isAdmin, isPremium });
}

export function useNavLinks() {
  return navLinksFor(useViewer());
}
