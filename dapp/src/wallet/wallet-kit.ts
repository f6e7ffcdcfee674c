/** The heavy half of wallets (wagmi, RainbowKit, viem, sats-connect): one chunk, fetched when a wallet action starts. */
export * from './evm/evm-client.ts';
export * from './bitcoin/bitcoin-client.ts';
export { WalletError } from './evm/evm-errors.ts';
export { signBidPsbt, signSellerPsbt } from './bitcoin/psbt-signing.ts';
export { signBidLadder } from './bitcoin/ladder-signing.ts';
export { fundVault, signVaultWithdrawal } from './bitcoin/vault-wallet.ts';
