export const giftKeys = {
  all: ['gift-links'] as const,
  mine: () => [...giftKeys.all, 'mine'] as const,
  ofArticle: (articleId: string) => [...giftKeys.all, 'article', articleId] as const,
};
