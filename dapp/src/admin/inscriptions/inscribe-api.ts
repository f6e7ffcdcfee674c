/**
 * The calls of inscription creation: create with the file, then follow
 * the payment and the reveal by polling, since the api's job moves the inscription on with nobody asking.
 */
import { useQuery } from '@tanstack/react-query';
import type { inscriptionReplySchema, inscriptionStatusReplySchema, paymentInstructionsReplySchema, paymentStatusReplySchema } from '@gavel/domain';
import { apiRequest, type ReplyOf } from '../../api/http.ts';
import { queryKeys } from '../../api/query-keys.ts';

/** How often the page asks: a block is minutes on a real network, the job looks every few seconds. */
const POLL_MS = 3_000;
const FINAL = new Set(['revealed', 'confirmed', 'failed']);

export async function createInscription(input: { file: File; destinationAddress: string; feeRate: string }) {
  const form = new FormData();
  form.append('destinationAddress', input.destinationAddress.trim());
  if (input.feeRate.trim()) form.append('feeRate', input.feeRate.trim());
  form.append('file', input.file);
  const reply = await apiRequest<ReplyOf<typeof inscriptionReplySchema>>('/inscriptions/create', { method: 'POST', body: form });
  return reply.data;
}

export function usePaymentInstructions(id: string) {
  return useQuery({
    queryKey: queryKeys.inscription.paymentInstructions(id),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof paymentInstructionsReplySchema>>(`/inscriptions/payment-instructions/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
    staleTime: Infinity,
  });
}

/** The inscription's status, polled until it is revealed (then until confirmed) or failed. */
export function useInscriptionStatus(id: string) {
  return useQuery({
    queryKey: queryKeys.inscription.status(id),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof inscriptionStatusReplySchema>>(`/inscriptions/status/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
    refetchInterval: (query) => (query.state.data?.status === 'confirmed' || query.state.data?.status === 'failed' ? false : POLL_MS),
  });
}

/** What the commit address received, polled while the inscription waits for its payment. */
export function usePaymentStatus(id: string, status: string | undefined) {
  return useQuery({
    queryKey: queryKeys.inscription.paymentStatus(id),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof paymentStatusReplySchema>>(`/inscriptions/payment-status/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
    refetchInterval: status && FINAL.has(status) ? false : POLL_MS,
  });
}
