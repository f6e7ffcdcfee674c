/**
 * /psbt/*: settlement of ended BTC lots and PSBT utilities. Bodies the spec does
 * not show are documented on each route. Settlement: the seller co-signs the winning offer (seller-sign; a dry
 * run with create-complete-psbt), followed by state and transaction. When the winning offer is no longer valid
 * the winner claims with a fresh template: create (or create-winner-psbt-template, create-winner-psbt), revised
 * with add-winner-inputs and add-outputs if need be, signed and checked by validate-for-winner. Utilities:
 * validate, finalize, get-winner-input-indices.
 */
import {
  finalizedPsbtReplySchema,
  psbtHexBodySchema,
  winnerInputsBodySchema,
  winnerOutputsBodySchema,
  psbtMessages,
  psbtStateSchema,
  psbtSummarySchema,
  psbtTransactionSchema,
  sellerSignBodySchema,
  sellerSignReplySchema,
  winnerClaimBodySchema,
  winnerClaimReplySchema,
  winnerInputIndicesBodySchema,
  winnerInputIndicesReplySchema,
  winnerTemplateBodySchema,
  winnerTemplateReplySchema,
} from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { Refused } from '../refused.ts';
import { addressOfScript } from '../bitcoin/network.ts';
import { finalizeSwap, OfferError, parsePsbtHex, signatureOf, unsignedTx } from '../bitcoin/offer/index.ts';
import { offerCall } from '../bidding/btc-offer.ts';
import { claimWithTemplate, completeForSeller, createWinnerTemplate, reviseWinnerTemplate, sellerSign, settlementStateFor, swapTransaction } from '../bitcoin-settlement/settle.ts';

const TAG = 'PSBT';

export function psbtRoutes(routes: RouteTable, services: Services): void {
  const network = services.config.bitcoin.network;
  const parse = (hex: string) => offerCall(async () => parsePsbtHex(hex, network, 'psbtHex'));
  const addressOf = (script: Uint8Array) => addressOfScript(script, network);

  routes.add({
    method: 'post',
    path: '/psbt/seller-sign',
    rateLimit: 'bids',
    tag: TAG,
    summary: 'The seller co-signs the winning offer; the swap is finalized and broadcast',
    description:
      'Body: auctionId, walletAddress (the connected wallet, which must equal the lot seller address, case-insensitive) and signedPsbtHex: the winner PSBT from GET /psbt/state/:id ' +
      'with input 1 signed by the seller wallet with SIGHASH_ALL (0x01; taproot may use DEFAULT). The api checks that signature, finalizes every input, records the swap on the lot ' +
      '(once: a second co-sign, or one on a lot marked paid or transferred by hand, is refused with 409) and then broadcasts it through Esplora; ' +
      'the lot becomes paid and transferred (transferTransactionHash = txid, "Auction Complete") once the swap confirms (GET /psbt/state/:id or /psbt/transaction/:id).',
    access: {},
    body: sellerSignBodySchema,
    reply: sellerSignReplySchema,
    errors: {
      400: 'The seller signature was refused (wrong_sighash, invalid_signature, psbt_changed, ...)',
      403: `Not the seller / ${psbtMessages.walletMismatch} / ${psbtMessages.walletNotProved}`,
      409: `${psbtMessages.noTemplate} / ${psbtMessages.alreadySettled} / ${psbtMessages.settledByHand} / offer_invalid (the swap is forgotten again; the winner may claim)`,
      503: `${psbtMessages.sellerSignFailed} (Esplora unreachable: the swap stays recorded and the worker broadcasts it)`,
    },
    handler: async ({ body, user }) => ({ message: psbtMessages.broadcast, data: await sellerSign(services, user, body) }),
  });

  routes.add({
    method: 'post',
    path: '/psbt/create-complete-psbt',
    rateLimit: 'bids',
    tag: TAG,
    summary: "The complete swap from the seller's co-signature, checked but neither stored nor broadcast",
    description:
      'A dry run of POST /psbt/seller-sign, with the same body (auctionId, walletAddress, signedPsbtHex) and the same checks: the seller signature (input 1, SIGHASH_ALL) merged into ' +
      "the winner's signed offer, every input finalized. Reply: the network transaction (txHex, txid, vsize, fee in sats) the seller-sign call would broadcast.",
    access: {},
    body: sellerSignBodySchema,
    reply: finalizedPsbtReplySchema,
    errors: {
      400: 'The seller signature was refused (wrong_sighash, invalid_signature, psbt_changed, finalize_failed, ...)',
      403: `Not the seller / ${psbtMessages.walletMismatch} / ${psbtMessages.walletNotProved}`,
      409: `${psbtMessages.noTemplate} / ${psbtMessages.alreadySettled} / ${psbtMessages.settledByHand}`,
    },
    handler: async ({ body, user }) => {
      const { swap } = await completeForSeller(services, user, body);
      // A binding (vault) swap is finished by Gavel's worker at seller-sign: there is no network transaction yet.
      if (!swap) throw new Refused('conflict', 'This lot was won by a binding vault bid: Gavel co-signs its swap when the seller signs (POST /psbt/seller-sign)', 'vault_swap');
      return { txHex: swap.txHex, txid: swap.txid, vsize: swap.vsize, fee: String(swap.fee) };
    },
  });

  routes.add({
    method: 'get',
    path: '/psbt/state/:id',
    rateLimit: 'lookups',
    tag: TAG,
    summary: 'Settlement of a BTC lot: the winner offer to co-sign, the swap txid and its confirmations',
    description:
      ':id is the lot. A swap found confirmed marks the lot paid and transferred. psbtHex (the winner signed offer) is given to the seller ' +
      '(its creator, an admin, or the owner of a linked wallet that is the seller address) and the winner only.',
    access: {},
    reply: psbtStateSchema,
    errors: { 404: 'Auction not found. It may have been deleted.' },
    handler: ({ params, user }) => settlementStateFor(services, params.id!, user),
  });

  routes.add({
    method: 'get',
    path: '/psbt/transaction/:id',
    rateLimit: 'lookups',
    tag: TAG,
    summary: 'The swap recorded for a BTC lot: txid, network hex and confirmations',
    description:
      ':id is the lot. The transaction seller-sign recorded and broadcast (txHex null for a swap broadcast outside Gavel and seen confirmed); ' +
      'txid and txHex are null before the seller co-signs. A swap found confirmed marks the lot paid and transferred, as GET /psbt/state/:id does.',
    access: {},
    reply: psbtTransactionSchema,
    errors: { 404: 'Auction not found. It may have been deleted.' },
    handler: ({ params }) => swapTransaction(services, params.id!),
  });

  for (const path of ['/psbt/create', '/psbt/create-winner-psbt-template', '/psbt/create-winner-psbt']) {
    routes.add({
      method: 'post',
      path,
      rateLimit: 'bids',
      tag: TAG,
      summary: "The winner's claim: a fresh offer PSBT at the winning amount from the winner's current UTXOs",
      description:
        'For an ended BTC lot whose winning offer can no longer be broadcast (seller-sign answered offer_invalid). Body: auctionId, walletAddress (linked payment address), ' +
        'ordinalsAddress and paymentPublicKey as for bids. Reply data: templateId and psbtHex to sign, then POST /psbt/validate-for-winner within 10 minutes.',
      access: {},
      body: winnerTemplateBodySchema,
      reply: winnerTemplateReplySchema,
      errors: {
        400: 'No spendable dummy or funds, or a wrong-network address',
        403: 'Not the winner',
        409: `${psbtMessages.alreadySettled} / ${psbtMessages.settledByHand} / ${psbtMessages.offerStillValid} / ${psbtMessages.templateFailed}`,
        503: 'Esplora or ord unavailable',
      },
      handler: async ({ body, user }) => ({ message: psbtMessages.templateCreated, data: await createWinnerTemplate(services, user, body) }),
    });
  }

  const revisions = [
    [
      '/psbt/add-winner-inputs',
      winnerInputsBodySchema,
      "The claim template's payment inputs picked again from the winner's current UTXOs",
      'Body: auctionId, templateId, walletAddress (a linked payment address: the same one after its UTXOs changed, or another) and paymentPublicKey for a taproot payment address.',
    ],
    [
      '/psbt/add-outputs',
      winnerOutputsBodySchema,
      'Where the claim template sends the inscription (output 0)',
      "Body: auctionId, templateId, ordinalsAddress (the winner's ordinals address, on the api's network).",
    ],
  ] as const;
  for (const [path, body, summary, bodyText] of revisions) {
    routes.add({
      method: 'post',
      path,
      rateLimit: 'bids',
      tag: TAG,
      summary,
      description: `${bodyText} The template from POST /psbt/create is rebuilt (same templateId, a fresh 10-minute signing window); the rest of it is kept. Reply as for create: templateId and psbtHex to sign.`,
      access: {},
      body,
      reply: winnerTemplateReplySchema,
      errors: {
        400: 'No spendable dummy or funds, or a wrong-network address',
        403: 'Not the winner, or the wallet is not linked',
        404: psbtMessages.noTemplate,
        409: `${psbtMessages.alreadySettled} / ${psbtMessages.templateFailed}`,
        503: 'Esplora or ord unavailable',
      },
      handler: async ({ body, user }) => ({ message: psbtMessages.templateCreated, data: await reviseWinnerTemplate(services, user, body) }),
    });
  }

  routes.add({
    method: 'post',
    path: '/psbt/validate-for-winner',
    rateLimit: 'bids',
    tag: TAG,
    summary: "The winner's signed claim replaces the winning offer; the seller co-signs it next",
    description:
      'Body: auctionId, templateId, signedPsbtHex. Checked like a bid (same inputs and outputs, signatures, unspent inputs). ' +
      'Refused on a lot not ended or already settled, for a template already signed, and while the winning offer can still be broadcast.',
    access: {},
    body: winnerClaimBodySchema,
    reply: winnerClaimReplySchema,
    errors: {
      400: 'The signed PSBT was refused',
      403: 'Not the winner',
      404: psbtMessages.noTemplate,
      409: `${psbtMessages.notEnded} / ${psbtMessages.alreadySettled} / ${psbtMessages.settledByHand} / ${psbtMessages.claimUsed} / ${psbtMessages.offerStillValid}`,
      410: 'The claim expired',
    },
    handler: async ({ body, user }) => ({ message: psbtMessages.claimed, data: await claimWithTemplate(services, user, body) }),
  });

  routes.add({
    method: 'post',
    path: '/psbt/validate',
    tag: TAG,
    summary: 'Decode a PSBT: inputs (with amount, address, signed), outputs and fee',
    access: {},
    body: psbtHexBodySchema,
    reply: psbtSummarySchema,
    errors: { 400: 'Malformed or oversized PSBT' },
    handler: async ({ body }) => {
      const psbt = await parse(body.psbtHex);
      const inputs = psbt.txInputs.map((input, i) => {
        const utxo = psbt.data.inputs[i]!.witnessUtxo;
        return {
          txid: Buffer.from(input.hash).reverse().toString('hex'),
          vout: input.index,
          value: utxo ? utxo.value.toString() : null,
          address: utxo ? addressOf(utxo.script) : null,
          signed: signatureOf(psbt, i) !== null,
        };
      });
      const known = psbt.data.inputs.every((i) => i.witnessUtxo);
      const fee = known ? psbt.data.inputs.reduce((s, i) => s + i.witnessUtxo!.value, 0n) - psbt.txOutputs.reduce((s, o) => s + o.value, 0n) : null;
      return { txid: unsignedTx(psbt).getId(), inputs, outputs: psbt.txOutputs.map((o) => ({ address: addressOf(o.script), value: o.value.toString() })), fee: fee === null ? null : fee.toString() };
    },
  });

  routes.add({
    method: 'post',
    path: '/psbt/finalize',
    tag: TAG,
    summary: 'Finalize every signed input of a PSBT and extract the transaction (not broadcast)',
    access: {},
    body: psbtHexBodySchema,
    reply: finalizedPsbtReplySchema,
    errors: { 400: `${psbtMessages.finalizeFailed}: an input is unsigned, or the PSBT is malformed` },
    handler: async ({ body }) => {
      try {
        const swap = finalizeSwap(await parse(body.psbtHex));
        return { txHex: swap.txHex, txid: swap.txid, vsize: swap.vsize, fee: String(swap.fee) };
      } catch (error) {
        if (error instanceof OfferError) throw new Refused('invalid', error.code === 'finalize_failed' ? psbtMessages.finalizeFailed : error.message, error.code, { psbtHex: error.message });
        throw error;
      }
    },
  });

  routes.add({
    method: 'post',
    path: '/psbt/get-winner-input-indices',
    tag: TAG,
    summary: "Inputs of a PSBT the winner's address signs",
    description: 'Inputs spending winnerAddress outputs; [1] when none is found, as the spec says.',
    access: {},
    body: winnerInputIndicesBodySchema,
    reply: winnerInputIndicesReplySchema,
    errors: { 400: 'Malformed or oversized PSBT' },
    handler: async ({ body }) => {
      const psbt = await parse(body.psbtHex);
      const indices = psbt.data.inputs.flatMap((input, i) => (input.witnessUtxo && addressOf(input.witnessUtxo.script)?.toLowerCase() === body.winnerAddress.toLowerCase() ? [i] : []));
      return { winnerInputIndices: indices.length ? indices : [1] };
    },
  });
}
