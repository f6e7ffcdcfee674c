import { useMutation } from '@tanstack/react-query';
import type { SupportRequestBody, supportRequestReplySchema } from '@gavel/domain';
import { apiRequest, type ReplyOf } from './http.ts';

/** The support page's contact form. */
export function useSendSupportRequest() {
  return useMutation({
    mutationFn: (body: SupportRequestBody) => apiRequest<ReplyOf<typeof supportRequestReplySchema>>('/support/requests', { method: 'POST', body }),
  });
}
