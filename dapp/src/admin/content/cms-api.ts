/** Admin content pages: list, create, update. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminCmsPageListSchema, adminCmsPageReplySchema } from '@gavel/domain';
import { apiRequest, type ReplyOf } from '../../api/http.ts';
import { queryKeys } from '../../api/query-keys.ts';

export function useCmsPages() {
  return useQuery({
    queryKey: queryKeys.admin.cms,
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof adminCmsPageListSchema>>('/cms/admin/pages', { signal }).then((r) => r.data),
  });
}

export function useSaveCmsPage() {
  const queryClient = useQueryClient();
  return useMutation({
    /** Creates the page the first time, then updates it. */
    mutationFn: ({ slug, title, content, exists }: { slug: string; title: string; content: string; exists: boolean }) =>
      exists
        ? apiRequest<ReplyOf<typeof adminCmsPageReplySchema>>(`/cms/admin/pages/${encodeURIComponent(slug)}`, { method: 'PUT', body: { title, content } })
        : apiRequest<ReplyOf<typeof adminCmsPageReplySchema>>('/cms/admin/pages', { method: 'POST', body: { slug, title, content } }),
    onSuccess: (_reply, { slug }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.cms });
      void queryClient.invalidateQueries({ queryKey: queryKeys.cms(slug) });
    },
  });
}
