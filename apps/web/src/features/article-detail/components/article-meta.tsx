import { imageVariant, type ArticleTeaser } from '@dispatch/shared';
import { JsonLd } from '../../../components/json-ld';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../lib/paths';
import { FALLBACK_CONFIG, useConfig } from '../../../lib/site-config';

/** The part of a premium article a reader without premium does not get: search engines are told so. */
export const PAYWALLED_CLASS = 'paywalled';

/**
 * Link previews take the 1280 px rendering of the upload: wide enough for every large card, a fraction of
 * the full file. Its height follows the upload's shape and the store does not enlarge a narrower upload,
 * so neither size is known here: no og:image:width or og:image:height rather than a wrong one.
 */
const PREVIEW_IMAGE_WIDTH = 1280;

interface ArticleMetaProps {
  article: Omit<ArticleTeaser, 'excerpt'>;
  summary: string;
}

/** The later of two ISO times. */
const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/**
 * An article's link-preview tags and its schema.org NewsArticle. A premium article is marked as not free,
 * with its paywalled part named by CSS class, as search engines ask of subscription content.
 */
export function ArticleMeta({ article, summary }: ArticleMetaProps) {
  const config = useConfig().data ?? FALLBACK_CONFIG;
  const url = `${config.publicUrl}/articles/${article._id}`;
  const image = `${config.publicUrl}${article.image}`;
  // Published when first approved (docs/product.md#published-time); an edit before that is no modification.
  const published = article.publishedAt ?? article.createdAt;
  const modified = later(article.updatedAt, published);
  const newsArticle = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: summary,
    image: [image],
    datePublished: published,
    dateModified: modified,
    author: [
      { '@type': 'Person', name: article.author_name, url: `${config.publicUrl}${paths.author(article.author_slug)}` },
    ],
    publisher: { '@type': 'Organization', name: article.publisher },
    keywords: article.tags,
    mainEntityOfPage: url,
    ...(article.isPremium && {
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: `.${PAYWALLED_CLASS}` },
    }),
  };
  return (
    <>
      <PageTitle
        title={article.title}
        description={summary}
        image={imageVariant(article.image, PREVIEW_IMAGE_WIDTH)}
        type="article"
      />
      <meta property="article:published_time" content={published} />
      <meta property="article:modified_time" content={modified} />
      <meta property="article:author" content={article.author_name} />
      <meta property="article:section" content={article.publisher} />
      {article.tags.map((tag) => (
        <meta key={tag} property="article:tag" content={tag} />
      ))}
      <JsonLd data={newsArticle} />
    </>
  );
}
