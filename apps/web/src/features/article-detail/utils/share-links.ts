import { TEXT } from '@dispatch/shared';

export interface ShareLink {
  /** The network's name, as the footer spells it. */
  network: string;
  href: string;
}

/**
 * Plain links to each network's own share page: no script or image of theirs is loaded here, and the
 * reader's browser goes to them only when the link is followed.
 */
export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  return [
    {
      network: TEXT.layout.social.x,
      href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
    },
    { network: TEXT.layout.social.facebook, href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: TEXT.layout.social.linkedin, href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

/** A new e-mail in the reader's own mail program, the title as its subject and the link in its body. */
export function shareByEmail(url: string, title: string): string {
  return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(TEXT.detail.emailBody(title, url))}`;
}
