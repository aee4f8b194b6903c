import { TEXT } from '@dispatch/shared';
import { useLocation } from 'react-router';
import { FALLBACK_CONFIG, useConfig } from '../lib/site-config';

interface PageTitleProps {
  title: string;
  /** The whole title as given, without the site's name after it (the home page). */
  standalone?: boolean;
  description?: string;
  /** An image URL of this site (`/api/uploads/…`) or an absolute one. */
  image?: string;
  type?: 'website' | 'article';
  /** Pages only for their viewer (forms, errors) ask search engines not to list them. */
  noindex?: boolean;
  /** The page's own feeds (a publisher's, a tag's), offered to feed readers beside the site's. */
  feeds?: { title: string; rss: string; atom: string };
  /**
   * The query that names this page among its list's pages (`?page=2`, an article list's filters), as the page's own
   * links write it. Nothing else the address carried (a campaign's tags, a gift link's token) is in the canonical
   * URL, which search engines and shared links keep.
   */
  canonicalSearch?: string;
}

/**
 * The page's head: title, description, canonical URL and the Open Graph and Twitter card tags a shared
 * link previews with. React hoists them into <head>, in the server's HTML and on every navigation.
 */
export function PageTitle({
  title,
  standalone = false,
  description,
  image,
  type = 'website',
  noindex,
  feeds,
  canonicalSearch = '',
}: PageTitleProps) {
  const config = useConfig().data ?? FALLBACK_CONFIG;
  const { pathname } = useLocation();
  const fullTitle = standalone ? title : `${title} · ${config.siteName}`;
  const summary = description ?? TEXT.brand.tagline;
  const url = `${config.publicUrl}${pathname}${canonicalSearch}`;
  const imageUrl = image && (/^https?:\/\//.test(image) ? image : `${config.publicUrl}${image}`);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={summary} />
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={config.siteName} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={summary} />
      <meta property="og:url" content={url} />
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={summary} />
      {imageUrl && <meta name="twitter:image" content={imageUrl} />}
      {feeds && (
        <>
          <link rel="alternate" type="application/rss+xml" title={feeds.title} href={feeds.rss} />
          <link rel="alternate" type="application/atom+xml" title={feeds.title} href={feeds.atom} />
        </>
      )}
    </>
  );
}
