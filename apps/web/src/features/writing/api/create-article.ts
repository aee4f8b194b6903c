import type { CreateArticleInput } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { articleKeys } from '../../../api/articles';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

const CreatedSchema = z.object({ insertedId: z.string(), acknowledged: z.literal(true) });

/** Submits an article for review; the server sets author, status, premium, views and date itself. */
export function createArticle(input: CreateArticleInput) {
  return apiRequest(apiPaths.articles, CreatedSchema, { method: 'POST', body: input });
}

/**
 * The writer's list and the desk's gain the new pending article. Not awaited: the toast and the way on to My
 * Articles need not wait for the lists open now (the one-article note) to be read again.
 */
export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createArticle,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: articleKeys.lists() }),
  });
}
