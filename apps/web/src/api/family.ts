import { FamilyInvitationPreviewSchema, FamilyViewSchema } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

/** docs/product.md#families: the owner's members and invitations, or the family the reader is in. */
export const familyKeys = {
  all: ['family'] as const,
  mine: () => [...familyKeys.all, 'mine'] as const,
  preview: (token: string) => [...familyKeys.all, 'preview', token] as const,
};

export function useFamily() {
  return useQuery({
    queryKey: familyKeys.mine(),
    queryFn: ({ signal }) => apiRequest(apiPaths.family, FamilyViewSchema, { signal }),
  });
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: familyKeys.preview(token),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.familyPreview, FamilyInvitationPreviewSchema, { method: 'POST', body: { token }, signal }),
    retry: false,
  });
}
