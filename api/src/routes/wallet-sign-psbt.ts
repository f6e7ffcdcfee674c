/**
 * POST /wallet/sign-psbt (the spec names the call but gives no body): the api's reading of a PSBT for
 * one of the caller's linked Bitcoin wallets: the inputs that spend its addresses' outputs, each with the sighash
 * Gavel accepts (SIGHASH_ALL for bidders and sellers alike). The wallet itself signs; the api never holds a key.
 * Addresses the caller has not linked are refused, so the route tells nobody about another user's inputs.
 */
import { walletSignPsbtBodySchema, walletSignPsbtReplySchema } from '@gavel/domain';
import { BIDDER_SIGHASH } from '@gavel/domain/wallet-rules';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { addressOfScript } from '../bitcoin/network.ts';
import { parsePsbtHex, unsignedTx } from '../bitcoin/offer/index.ts';
import { offerCall } from '../bidding/btc-offer.ts';
import { requireLinkedWallet } from '../wallet/linked.ts';

export function walletSignPsbtRoutes(routes: RouteTable, services: Services): void {
  const network = services.config.bitcoin.network;
  routes.add({
    method: 'post',
    path: '/wallet/sign-psbt',
    tag: 'Wallet',
    summary: 'The inputs of a PSBT a linked Bitcoin wallet signs, and the sighash of each',
    description:
      'Body `{psbtHex, walletAddress, ordinalsAddress?}`: both addresses must be linked to the caller. Replies with the unsigned txid and `signInputs` `[{index, address, sighash}]`; an empty list when the wallet owns no input.',
    access: {},
    body: walletSignPsbtBodySchema,
    reply: walletSignPsbtReplySchema,
    errors: { 403: 'An address is not linked to the caller' },
    handler: async ({ body, user }) => {
      const addresses = [body.walletAddress, body.ordinalsAddress].filter((a): a is string => Boolean(a));
      for (const [i, address] of addresses.entries()) await requireLinkedWallet(services.db, user.id, address, i === 0 ? 'walletAddress' : 'ordinalsAddress');
      const psbt = await offerCall(async () => parsePsbtHex(body.psbtHex, network, 'psbtHex'));
      const owned = new Set(addresses);
      const signInputs = psbt.data.inputs.flatMap((input, index) => {
        const address = input.witnessUtxo ? addressOfScript(input.witnessUtxo.script, network) : null;
        return address && owned.has(address) ? [{ index, address, sighash: BIDDER_SIGHASH }] : [];
      });
      return { data: { txid: unsignedTx(psbt).getId(), signInputs } };
    },
  });
}
