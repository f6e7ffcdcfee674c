/**
 * Settlement of ended lots (the spec's seller and admin panel and its ended auction flow):
 * verify payment (seller or admin), mark paid (admin; the spec gives that power to admins only), record the
 * transfer (seller or admin) -> "Auction Complete". The steps and their refusals are checkout/settlement.ts's.
 */
import { adminLotReplySchema, markPaidBodySchema, settlementMessages, transferBodySchema, unpaidMessages, verifyPaymentBodySchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { presentAdminLot } from '../admin/lot-view.ts';
import { markPaidByAdmin, recordTransfer, verifyPayment, type Settled } from '../checkout/settlement.ts';

const TAG = 'Settlement';
const signedIn = {} as const;

export function settlementRoutes(routes: RouteTable, services: Services): void {
  const { imageGateway } = services.config.storage;
  const reply = ({ message, lot }: Settled) => ({ message, data: presentAdminLot(imageGateway, lot) });

  routes.add({
    method: 'post',
    path: '/auctions/:id/verify-payment',
    tag: TAG,
    summary: "The seller (or an admin) confirms the winner's payment arrived",
    description:
      'Seller: the lot’s creator, or a user whose linked wallet is the lot’s seller address. txHash: the payment’s reference, kept with who verified it and when ' +
      '(GET /auctions/:id/settlement). Idempotent: verifying a paid lot changes nothing.',
    access: signedIn,
    body: verifyPaymentBodySchema,
    reply: adminLotReplySchema,
    errors: {
      403: settlementMessages.notSeller,
      404: 'Auction not found. It may have been deleted.',
      409: `${settlementMessages.noWinner} / ${settlementMessages.notEnded} / ${settlementMessages.swapRecorded} / ${unpaidMessages.notSettleable}`,
    },
    handler: async ({ params, body, user }) => reply(await verifyPayment(services, user, params.id!, body.txHash)),
  });

  routes.add({
    method: 'post',
    path: '/auctions/:id/mark-paid',
    tag: TAG,
    summary: 'An admin marks the winner’s payment as received',
    description:
      'The spec calls the hash optional and its panel also asks for one; resolved: optional for off-chain lots (card or manual payment), ' +
      'required for on-chain lots ("Please enter transaction hash"). auctionType, when sent, must be the lot’s own. Idempotent on a paid lot.',
    access: { roles: ['admin'] as const },
    body: markPaidBodySchema,
    reply: adminLotReplySchema,
    errors: {
      404: 'Auction not found. It may have been deleted.',
      409: `${settlementMessages.noWinner} / ${settlementMessages.notEnded} / ${settlementMessages.swapRecorded} / ${unpaidMessages.notSettleable}`,
    },
    handler: async ({ params, body, user }) => reply(await markPaidByAdmin(services, user, params.id!, body)),
  });

  routes.add({
    method: 'post',
    path: '/auctions/:id/transfer',
    rateLimit: 'bids',
    tag: TAG,
    summary: 'The seller (or an admin) records the transfer to the winner: "Auction Complete"',
    description:
      'Needs the payment verified first. transferTransactionHash is required and trimmed: the transfer’s transaction hash (letters and digits) for BTC and ETH lots, ' +
      'the shipping or transfer reference as plain text (up to 200 characters) for USD lots. ' +
      'finalPsbtHex instead (BTC lots): the winning offer PSBT with the seller inscription input signed, as for POST /psbt/seller-sign; ' +
      'the swap is checked against the winning offer, recorded and broadcast, and the lot becomes paid and transferred with its txid once it confirms.',
    access: signedIn,
    body: transferBodySchema,
    reply: adminLotReplySchema,
    errors: {
      403: settlementMessages.notSeller,
      404: 'Auction not found. It may have been deleted.',
      409: `${settlementMessages.noWinner} / ${settlementMessages.notEnded} / ${settlementMessages.notPaidYet} / ${settlementMessages.alreadyTransferred} / ${settlementMessages.swapRecorded} / ${unpaidMessages.notSettleable}`,
    },
    handler: async ({ params, body, user }) => reply(await recordTransfer(services, user, params.id!, body)),
  });
}
