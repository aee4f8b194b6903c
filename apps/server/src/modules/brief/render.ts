import { Body, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { BRIEF_TEXT, type BriefArticle } from '@dispatch/shared';
import { createElement as h, type ReactElement } from 'react';

/*
 * The brief's e-mail (HTML for common mail clients, and a plain-text part). Rendering a React tree is the
 * expensive part, so the shell is rendered once with markers and every article block once per edition (cached
 * by article and content); each reader's copy is then put together by string concatenation. Links go straight
 * to the site (no tracking, no rewriting) and images are absolute; no pixel is added.
 */

export interface BriefContent {
  subject: string;
  articles: BriefArticle[];
  highlights: BriefArticle[];
}

export interface RenderedBrief {
  html: string;
  text: string;
}

export interface BriefRenderer {
  render(content: BriefContent, unsubscribeUrl: string): Promise<RenderedBrief>;
}

const MARK = {
  articles: '@@BRIEF_ARTICLES@@',
  highlights: '@@BRIEF_HIGHLIGHTS@@',
  subject: '@@BRIEF_SUBJECT@@',
  unsubscribe: 'https://unsubscribe.invalid/@@BRIEF_UNSUBSCRIBE@@',
} as const;

const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: 'Georgia, "Times New Roman", serif', margin: 0, padding: 0 },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', margin: '0 auto', padding: '24px' },
  heading: { fontSize: '26px', margin: '0 0 16px' },
  subheading: { fontSize: '18px', margin: '24px 0 8px' },
  title: { fontSize: '18px', margin: '8px 0 4px', color: '#111111', textDecoration: 'none' },
  meta: { fontSize: '13px', color: '#555555', margin: '0 0 4px' },
  excerpt: { fontSize: '15px', lineHeight: '22px', color: '#222222', margin: '0 0 8px' },
  premium: {
    fontSize: '11px',
    fontFamily: 'Arial, sans-serif',
    backgroundColor: '#b45309',
    color: '#ffffff',
    padding: '2px 6px',
    borderRadius: '3px',
    marginLeft: '6px',
  },
  link: { color: '#1d4ed8' },
  footer: { fontSize: '12px', color: '#666666', lineHeight: '18px' },
  image: { width: '100%', maxWidth: '552px', height: 'auto', borderRadius: '4px' },
} as const;

function articleBlock(article: BriefArticle): ReactElement {
  return h(
    Section,
    { style: { padding: '12px 0' } },
    article.image ? h(Img, { src: article.image, alt: article.title, width: '552', style: styles.image }) : null,
    h(
      Text,
      { style: styles.title },
      h(Link, { href: article.url, style: { color: '#111111', fontWeight: 'bold' } }, article.title),
      article.isPremium ? h('span', { style: styles.premium }, BRIEF_TEXT.premiumMark) : null,
    ),
    h(Text, { style: styles.meta }, article.publisher),
    h(Text, { style: styles.excerpt }, article.excerpt),
    h(Link, { href: article.url, style: styles.link }, BRIEF_TEXT.readMore),
  );
}

/** The site as the brief names it: the settings' name, contact and postal address ('' for none). */
export interface BriefSite {
  name: string;
  contact: string;
  url: string;
  postalAddress?: string;
}

function shell(site: BriefSite): ReactElement {
  return h(
    Html,
    { lang: 'en' },
    h(Head, null, h('title', null, MARK.subject)),
    h(Preview, null, MARK.subject),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(
          Heading,
          { as: 'h1', style: styles.heading },
          h(Link, { href: site.url, style: { color: '#111111' } }, site.name),
        ),
        h(Text, { style: styles.meta }, BRIEF_TEXT.heading),
        h(Hr),
        MARK.articles,
        MARK.highlights,
        h(Hr),
        h(Text, { style: styles.footer }, BRIEF_TEXT.footer(site.name, site.contact)),
        h(
          Text,
          { style: styles.footer },
          h(Link, { href: MARK.unsubscribe, style: styles.link }, BRIEF_TEXT.unsubscribeLink),
        ),
        site.postalAddress
          ? h(Text, { style: { ...styles.footer, whiteSpace: 'pre-line' } }, site.postalAddress)
          : null,
      ),
    ),
  );
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function textBlock(article: BriefArticle) {
  const mark = article.isPremium ? ` [${BRIEF_TEXT.premiumMark}]` : '';
  return `${article.title}${mark}\n${article.publisher}\n${article.excerpt}\n${BRIEF_TEXT.readMore}: ${article.url}\n\n`;
}

const cacheKey = (article: BriefArticle) =>
  `${article._id}\u0000${article.title}\u0000${article.image}\u0000${article.publisher}\u0000${article.excerpt}\u0000${article.isPremium}\u0000${article.url}`;

/** How many article blocks a renderer keeps: an edition's articles many times over. */
const BLOCK_CACHE_MAX = 2_000;

export function createBriefRenderer(site: BriefSite): BriefRenderer {
  let shellParts: Promise<string[]> | undefined;
  const blocks = new Map<string, Promise<string>>();
  let highlightsHeading: Promise<string> | undefined;

  const renderFragment = async (element: ReactElement) => {
    const html = await render(element);
    // render() makes a document; a block is its body only.
    return html.replace(/^<!DOCTYPE[^>]*>/i, '');
  };

  function block(article: BriefArticle) {
    const key = cacheKey(article);
    let found = blocks.get(key);
    if (!found) {
      if (blocks.size >= BLOCK_CACHE_MAX) blocks.clear();
      found = renderFragment(articleBlock(article));
      blocks.set(key, found);
    }
    return found;
  }

  function parts() {
    shellParts ??= render(shell(site)).then((html) => {
      const [head, rest1] = splitOnce(html, MARK.subject);
      const [title, rest2] = splitOnce(rest1, MARK.subject);
      const [beforeArticles, rest3] = splitOnce(rest2, MARK.articles);
      const [beforeHighlights, rest4] = splitOnce(rest3, MARK.highlights);
      const [beforeUnsubscribe, tail] = splitOnce(rest4, MARK.unsubscribe);
      return [head, title, beforeArticles, beforeHighlights, beforeUnsubscribe, tail];
    });
    return shellParts;
  }

  return {
    async render(content, unsubscribeUrl) {
      const [head, title, beforeArticles, beforeHighlights, beforeUnsubscribe, tail] = await parts();
      const articleHtml = await Promise.all(content.articles.map(block));
      let highlightsHtml = '';
      let highlightsText = '';
      if (content.highlights.length > 0) {
        highlightsHeading ??= renderFragment(h(Heading, { as: 'h2', style: styles.subheading }, BRIEF_TEXT.highlights));
        highlightsHtml = (await highlightsHeading) + (await Promise.all(content.highlights.map(block))).join('');
        highlightsText = `${BRIEF_TEXT.highlights}\n\n${content.highlights.map(textBlock).join('')}`;
      }
      const subject = escapeHtml(content.subject);
      const html =
        head! +
        subject +
        title! +
        subject +
        beforeArticles! +
        articleHtml.join('') +
        beforeHighlights! +
        highlightsHtml +
        beforeUnsubscribe! +
        escapeHtml(unsubscribeUrl) +
        tail!;
      const text =
        `${site.name}: ${BRIEF_TEXT.heading}\n\n` +
        content.articles.map(textBlock).join('') +
        highlightsText +
        `--\n${BRIEF_TEXT.footer(site.name, site.contact)}\n${BRIEF_TEXT.unsubscribeLink}: ${unsubscribeUrl}\n` +
        (site.postalAddress ? `\n${site.postalAddress}\n` : '');
      return { html, text };
    },
  };
}

function splitOnce(value: string, marker: string): [string, string] {
  const at = value.indexOf(marker);
  if (at < 0) throw new Error(`brief shell: the marker ${marker} is missing`);
  return [value.slice(0, at), value.slice(at + marker.length)];
}
