import { AdminTagSchema, type CreateTagInput, type TagPatch } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { articleKeys } from '../../../api/articles';
import { tagKeys } from '../../../api/tags';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** Every change to the tags: the tag lists and pages, and the articles (their cards name their tags), are stale. */
function useTagChange<TInput, TAnswer>(request: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tagKeys.all }),
        queryClient.invalidateQueries({ queryKey: articleKeys.all }),
      ]);
    },
  });
}

/** Adds a tag, placed last; a taken name or address is a 409, a blank name a 400 with its field error. */
export function useCreateTag() {
  return useTagChange((input: CreateTagInput) =>
    apiRequest(apiPaths.adminTags, AdminTagSchema, { method: 'POST', body: input }),
  );
}

/** Renames (`name`), archives or unarchives (`archived`) a tag. */
export function useUpdateTag() {
  return useTagChange(({ id, patch }: { id: string; patch: TagPatch }) =>
    apiRequest(apiPaths.adminTag(id), AdminTagSchema, { method: 'PATCH', body: patch }),
  );
}

/** Merges a tag into another; the answer is the tag merged into. */
export function useMergeTag() {
  return useTagChange(({ id, into }: { id: string; into: string }) =>
    apiRequest(`${apiPaths.adminTag(id)}/merge`, AdminTagSchema, { method: 'POST', body: { into } }),
  );
}
