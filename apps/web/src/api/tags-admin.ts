import { AdminTagSchema, type AdminTag } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';
import { tagKeys } from './tags';

const AdminTagListSchema = z.array(AdminTagSchema);

/** Every tag, archived ones too, in order, with its articles of any status (admin only). */
export function useAdminTags() {
  return useQuery({
    queryKey: tagKeys.admin(),
    queryFn: ({ signal }): Promise<AdminTag[]> => apiRequest(apiPaths.adminTags, AdminTagListSchema, { signal }),
  });
}
