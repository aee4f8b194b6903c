import { FamilyInvitedSchema, FamilyViewSchema, type FamilyControls, type FamilyView } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { familyKeys } from '../../../api/family';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';
import { apiPaths } from '../../../lib/paths';

const DoneSchema = z.object({ done: z.literal(true) });

/** After a change to who reads with whom: the family, and the signed-in user's premium, are read again. */
function useFamilyChange<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      // Not the invitation's preview: an accepted link is spent, and asking again would say so.
      await queryClient.invalidateQueries({ queryKey: familyKeys.mine() });
      await queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest(apiPaths.familyInvitations, FamilyInvitedSchema, { method: 'POST', body: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.mine() }),
  });
}

export const useRevokeInvitation = () =>
  useFamilyChange((id: string) => apiRequest(apiPaths.familyInvitation(id), DoneSchema, { method: 'DELETE' }));

export const useRemoveMember = () =>
  useFamilyChange((id: string) => apiRequest(apiPaths.familyMember(id), DoneSchema, { method: 'DELETE' }));

/** docs/product.md#parental-controls: the owner's settings for one member; the answer is the family again. */
export function useSetControls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, controls }: { memberId: string; controls: FamilyControls }) =>
      apiRequest(apiPaths.familyMemberControls(memberId), FamilyViewSchema, { method: 'PUT', body: controls }),
    onSuccess: (family) => queryClient.setQueryData(familyKeys.mine(), family),
  });
}

export const useLeaveFamily = () =>
  useFamilyChange(() => apiRequest(apiPaths.familyLeave, DoneSchema, { method: 'POST' }));

export const useAcceptInvitation = () =>
  useFamilyChange((token: string): Promise<FamilyView> =>
    apiRequest(apiPaths.familyAccept, FamilyViewSchema, { method: 'POST', body: { token } }),
  );
