import { useQuery } from '@tanstack/react-query';
import { cmsPageReplySchema } from '@gavel/domain';
import { apiRequest } from './http.ts';

export function useCmsPage(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: ['cms', slug],
    queryFn: ({ signal }) => apiRequest(`/cms/pages/${encodeURIComponent(slug)}`, { schema: cmsPageReplySchema, signal }),
    select: (reply) => reply.data,
    enabled,
    staleTime: 30 * 60_000,
  });
}
