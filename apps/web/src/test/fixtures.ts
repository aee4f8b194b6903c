import {
  SPEC_SITE_RULES,
  ArticleCardSchema,
  PublicConfigSchema,
  PublisherSchema,
  TrendingArticleSchema,
  UserStatsSchema,
  type ArticleCard,
} from '@dispatch/shared';

const image = (n: number) => `/api/uploads/${String(n).padStart(64, 'a')}.webp`;

export const config = PublicConfigSchema.parse({
  siteName: 'The Daily Dispatch',
  publicUrl: 'http://127.0.0.1:3000',
  supportEmail: 'support@example.com',
  currency: 'usd',
  payments: 'test',
  stripePublishableKey: null,
  googleSignIn: false,
  social: {
    facebook: 'https://facebook.com/dailydispatch',
    x: 'https://x.com/dailydispatch',
    instagram: 'https://instagram.com/dailydispatch',
    linkedin: 'https://linkedin.com/company/dailydispatch',
  },
  postalAddress: '',
  ...SPEC_SITE_RULES,
});

export const publishers = PublisherSchema.array().parse([
  { _id: 'p1', name: 'Harbor Herald', slug: 'harbor-herald', logo: image(1), createdAt: '2025-01-01T00:00:00.000Z' },
  { _id: 'p2', name: 'Civic Ledger', slug: 'civic-ledger', logo: image(2), createdAt: '2025-01-02T00:00:00.000Z' },
  {
    _id: 'p3',
    name: 'Northern Signal',
    slug: 'northern-signal',
    logo: image(3),
    createdAt: '2025-01-03T00:00:00.000Z',
  },
]);

export const trending = TrendingArticleSchema.array().parse([
  { _id: 't1', title: 'City council approves the new harbour bridge', image: image(10), publisher: 'Harbor Herald' },
  { _id: 't2', title: 'Local team reaches the national final', image: image(11), publisher: 'Civic Ledger' },
]);

export const stats = UserStatsSchema.parse({ totalUsers: 120, normalUsers: 100, premiumUsers: 20 });

export function articleCard(overrides: Partial<ArticleCard> = {}): ArticleCard {
  return ArticleCardSchema.parse({
    _id: 'a1',
    title: 'Parliament debates the energy bill',
    image: image(20),
    publisher: 'Civic Ledger',
    publisherSlug: 'civic-ledger',
    tags: ['Politics'],
    excerpt: 'Members argued late into the night over how quickly the country should move away from coal power.',
    isPremium: false,
    views: 10,
    createdAt: '2025-03-04T10:00:00.000Z',
    publishedAt: '2025-03-04T10:00:00.000Z',
    ...overrides,
  });
}
