/** The vault calls (POST/GET /wallet/vault, its balance, withdrawals), typed by the api's own reply schemas. */
import { useQuery } from '@tanstack/react-query';
import type { vaultBalanceReplySchema, vaultReplySchema, vaultWithdrawalReplySchema } from '@gavel/domain';
import { apiRequest, type ReplyOf } from './http.ts';

export const vaultKeys = { vault: ['account', 'vault'] as const, balance: ['account', 'vault', 'balance'] as const };

type VaultReply = ReplyOf<typeof vaultReplySchema>;
type WithdrawalReply = ReplyOf<typeof vaultWithdrawalReplySchema>;

export const vaultApi = {
  open: (ordinalsPublicKey: string) => apiRequest<VaultReply>('/wallet/vault', { method: 'POST', body: { ordinalsPublicKey } }).then((r) => r.data),
  withdraw: (body: { kind: 'withdraw' | 'refresh'; toAddress?: string }) => apiRequest<WithdrawalReply>('/wallet/vault/withdrawals', { method: 'POST', body }).then((r) => r.data),
  sign: (id: string, signedPsbtHex: string) => apiRequest<WithdrawalReply>(`/wallet/vault/withdrawals/${encodeURIComponent(id)}/sign`, { method: 'POST', body: { signedPsbtHex } }).then((r) => r.data),
  withdrawal: (id: string) => apiRequest<WithdrawalReply>(`/wallet/vault/withdrawals/${encodeURIComponent(id)}`).then((r) => r.data),
};

/** My vault; null when none is open yet (404). */
export function useMyVault() {
  return useQuery({
    queryKey: vaultKeys.vault,
    queryFn: ({ signal }) =>
      apiRequest<VaultReply>('/wallet/vault', { signal }).then(
        (r) => r.data,
        (error: { status?: number }) => {
          if (error.status === 404) return null;
          throw error;
        },
      ),
  });
}

/** The vault's balance, read again every 15 s (a block can confirm a funding at any time). */
export function useVaultBalance(enabled: boolean) {
  return useQuery({
    queryKey: vaultKeys.balance,
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof vaultBalanceReplySchema>>('/wallet/vault/balance', { signal }).then((r) => r.data),
    enabled,
    refetchInterval: 15_000,
  });
}
