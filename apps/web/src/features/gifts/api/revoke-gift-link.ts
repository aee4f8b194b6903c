import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { giftKeys } from '../../../api/gifts';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

const RevokedSchema = z.object({ revoked: z.literal(true) });

export function revokeGiftLink(id: string) {
  return apiRequest(apiPaths.giftLink(id), RevokedSchema, { method: 'DELETE' });
}

export function useRevokeGiftLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeGiftLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftKeys.all }),
  });
}
