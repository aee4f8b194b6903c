import { TEXT, type Viewer } from '@dispatch/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { articleCard } from '../../../test/fixtures';
import { ArticleCard } from './article-card';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const plainUser: Viewer = { email: 'reader@example.com', role: 'user', premiumTaken: null };
const subscriber: Viewer = { email: 'sub@example.com', role: 'user', premiumTaken: '2025-06-02T00:00:00.000Z' };
const lapsed: Viewer = { email: 'old@example.com', role: 'user', premiumTaken: '2025-05-31T00:00:00.000Z' };
const admin: Viewer = { email: 'admin@example.com', role: 'admin', premiumTaken: null };

function renderCard(article = articleCard(), viewer: Viewer | null = null) {
  return render(
    <MemoryRouter>
      <ArticleCard article={article} viewer={viewer} now={NOW} />
    </MemoryRouter>,
  );
}

describe('ArticleCard', () => {
  it('shows the first 100 characters of the description followed by an ellipsis', () => {
    const description = 'A'.repeat(60) + 'B'.repeat(40) + 'C'.repeat(50);
    renderCard(articleCard({ excerpt: description }));

    const expected = 'A'.repeat(60) + 'B'.repeat(40) + '...';
    expect(screen.getByText(expected)).toBeInTheDocument();
    expect(screen.queryByText(/CCC/)).not.toBeInTheDocument();
  });

  it('shows a short description whole, still followed by an ellipsis', () => {
    renderCard(articleCard({ excerpt: 'Short text.' }));
    expect(screen.getByText('Short text....')).toBeInTheDocument();
  });

  it('shows a search highlight instead of the preview, with marks built as elements and markup kept as text', () => {
    const { container } = renderCard(
      articleCard({
        excerpt: 'Never shown when there is a highlight.',
        highlight: [
          { text: 'The ', match: false },
          { text: 'harbour', match: true },
          { text: ' <b>reopens</b>', match: false },
        ],
      }),
    );
    const marks = container.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['harbour']);
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText(/<b>reopens<\/b>/)).toBeInTheDocument();
    expect(screen.queryByText(/Never shown/)).not.toBeInTheDocument();
  });

  it('shows title, publisher, tags and the image', () => {
    const { container } = renderCard(articleCard({ tags: ['Politics', 'Health'] }));
    expect(screen.getByRole('heading', { name: 'Parliament debates the energy bill' })).toBeInTheDocument();
    expect(screen.getByText('Civic Ledger')).toBeInTheDocument();
    const tags = screen.getByRole('list', { name: TEXT.listing.tags });
    expect(tags).toHaveTextContent('Politics');
    expect(tags).toHaveTextContent('Health');
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
    expect(img?.getAttribute('srcset')).toContain('320w');
  });

  it.each([
    ['an anonymous visitor', null],
    ['a reader without premium', plainUser],
    ['a reader whose premium has lapsed', lapsed],
  ])('locks a premium card for %s: Details is a disabled button', (_who, viewer) => {
    renderCard(articleCard({ isPremium: true }), viewer);

    expect(screen.getByText(TEXT.articles.premium)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.articles.details })).toBeDisabled();
    expect(screen.queryByRole('link', { name: TEXT.articles.details })).not.toBeInTheDocument();
  });

  it.each([
    ['a subscriber', subscriber],
    ['an admin', admin],
  ])('opens a premium card for %s: Details links to the article', (_who, viewer) => {
    renderCard(articleCard({ _id: 'p42', isPremium: true }), viewer);

    expect(screen.getByRole('link', { name: TEXT.articles.details })).toHaveAttribute('href', '/articles/p42');
    expect(screen.queryByRole('button', { name: TEXT.articles.details })).not.toBeInTheDocument();
  });

  it('keeps Details a link on a non-premium card for a reader without premium', () => {
    renderCard(articleCard({ _id: 'free1' }), null);

    expect(screen.getByRole('link', { name: TEXT.articles.details })).toHaveAttribute('href', '/articles/free1');
    expect(screen.queryByText(TEXT.articles.premium)).not.toBeInTheDocument();
  });

  it('links the headline and the image to the article, like Details', () => {
    const { container } = renderCard(articleCard({ _id: 'free2' }), null);

    const headline = screen.getByRole('heading', { name: 'Parliament debates the energy bill' });
    expect(headline.querySelector('a')).toHaveAttribute('href', '/articles/free2');
    const imageLink = container.querySelector('img')?.closest('a');
    expect(imageLink).toHaveAttribute('href', '/articles/free2');
    // One stop per card for a keyboard: the image's link is for pointers only.
    expect(imageLink).toHaveAttribute('tabindex', '-1');
  });

  it('links neither the headline nor the image of a locked premium card', () => {
    const { container } = renderCard(articleCard({ _id: 'p43', isPremium: true }), plainUser);

    expect(screen.getByRole('heading', { name: 'Parliament debates the energy bill' }).querySelector('a')).toBeNull();
    expect(container.querySelector('a[href="/articles/p43"]')).toBeNull();
  });
});
