import { PublisherSchema, type CreatePublisherInput } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { publisherKeys } from '../../../api/publishers';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

const CreatedPublisherSchema = z.object({
  insertedId: z.string(),
  acknowledged: z.literal(true),
  publisher: PublisherSchema,
});

/** An admin adds a publisher; names are unique ignoring case (409 otherwise). */
export function createPublisher(input: CreatePublisherInput) {
  return apiRequest(apiPaths.dashboardPublishers, CreatedPublisherSchema, { method: 'POST', body: input });
}

/** The new publisher appears in the article form's select and on the home page. */
export function useCreatePublisher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPublisher,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publisherKeys.all }),
  });
}
