/**
 * The spec's inscription routes (the admin lists are in admin-inscriptions.ts). Creating
 * takes a signed-in user; reading one inscription by id, validating ownership and converting IPFS addresses
 * are open, since everything they show is public on chain. `:id` is Gavel's id or the inscription id.
 */
import {
  checkBitcoinAddress,
  gatewayUrl,
  INSCRIPTION_MAX_BYTES,
  inscriptionDetailsReplySchema,
  inscriptionFeeRateSchema,
  inscriptionFileError,
  inscriptionListReplySchema,
  inscriptionMessages,
  inscriptionReplySchema,
  inscriptionStatusReplySchema,
  ipfsToGatewayBodySchema,
  ipfsToGatewayReplySchema,
  paymentInstructionsReplySchema,
  paymentStatusReplySchema,
  syncWalletBodySchema,
  syncWalletReplySchema,
  validateOwnershipBodySchema,
  validateOwnershipReplySchema,
} from '@gavel/domain';
import { Refused, notFound } from '../refused.ts';
import { readMultipart } from '../http/multipart.ts';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { OrdError } from '../bitcoin/index.ts';
import { commitPayment, createInscription, findInscription, inscriptionsAt, inscriptionsOfUser, inscriptionView, paymentInstructionsOf } from '../inscriptions/inscriptions.ts';
import { syncWalletInscriptions } from '../inscriptions/sync.ts';

const TAG = 'Inscriptions';
const signedIn = {} as const;

export function inscriptionRoutes(routes: RouteTable, services: Services): void {
  const { db, bitcoin, config } = services;
  const find = (id: string) => findInscription(db.prisma, id);
  const confirmationsOf = (txid: string | null) => (txid ? bitcoin.esplora.confirmations(txid).catch(() => null) : Promise.resolve(null));

  routes.add({
    method: 'post',
    path: '/inscriptions/create',
    rateLimit: 'inscriptions',
    tag: TAG,
    summary: 'Inscribe a file: answers the commit address and the exact sats to pay to it',
    description:
      'multipart/form-data: `file` (one of the types ord renders, up to 390,000 bytes), `destinationAddress` (or `walletAddress`: ' +
      "where the inscription goes, on the api network), `feeRate` (sat/vB, whole, 1 to 1000; unset: Esplora's half-hour rate). " +
      'Pay `paymentInstructions.amount` sats to `paymentInstructions.address` in one output: that payment is the commit. Once it ' +
      'has INSCRIPTION_PAYMENT_CONFIRMATIONS confirmations the server broadcasts the reveal; the inscription id is `<revealTxid>i0`. ' +
      'Unpaid by `paymentInstructions.expiresAt` (INSCRIPTION_EXPIRY_HOURS after creation), the request becomes `expired`; a payment ' +
      'arriving within INSCRIPTION_LATE_PAYMENT_HOURS after that is still inscribed. A user may have INSCRIPTION_OPEN_PER_USER requests waiting for payment at once.',
    access: signedIn,
    reply: inscriptionReplySchema,
    status: 201,
    errors: { 409: inscriptionMessages.tooManyOpen(config.inscriptions.openPerUser), 413: inscriptionMessages.fileTooLarge, 415: inscriptionMessages.invalidFile },
    handler: async ({ ctx, user }) => {
      const { fields, file } = await readMultipart(ctx, { maxFileBytes: INSCRIPTION_MAX_BYTES, tooLarge: inscriptionMessages.fileTooLarge });
      if (!file) throw new Refused('invalid', inscriptionMessages.fileRequired, 'file_required', { file: inscriptionMessages.fileRequired });
      const refused = inscriptionFileError({ type: file.contentType, size: file.bytes.length });
      if (refused)
        throw new Refused(refused.field === 'size' ? 'too_large' : 'unsupported_type', refused.message, refused.field === 'size' ? 'file_too_large' : 'invalid_file', {
          [file.field]: refused.message,
        });
      const destination = (fields.destinationAddress ?? fields.walletAddress ?? '').trim();
      const checked = checkBitcoinAddress(destination, config.bitcoin.network);
      if (!checked.ok) throw new Refused('invalid', checked.message, 'invalid_address', { destinationAddress: checked.message });
      let feeRate: number;
      if (fields.feeRate === undefined || fields.feeRate === '') {
        feeRate = await bitcoin.esplora.recommendedFees().then(
          (fees) => fees.halfHourFee,
          () => {
            throw new Refused('unavailable', inscriptionMessages.createFailed, 'bitcoin_unavailable');
          },
        );
      } else {
        const parsed = inscriptionFeeRateSchema.safeParse(fields.feeRate);
        if (!parsed.success) throw new Refused('invalid', inscriptionMessages.feeRateInvalid, 'invalid_fee_rate', { feeRate: inscriptionMessages.feeRateInvalid });
        feeRate = parsed.data;
      }
      const row = await createInscription(services, user.id, { file, destination: destination.toLowerCase(), feeRate });
      return { message: 'Inscription created: pay the commit address to inscribe', data: inscriptionView(row) };
    },
  });

  routes.add({
    method: 'get',
    path: '/inscriptions/my',
    tag: TAG,
    summary: "The signed-in user's inscriptions (created or synced), newest first",
    access: signedIn,
    reply: inscriptionListReplySchema,
    handler: async ({ user }) => ({ data: await inscriptionsOfUser(db.prisma, user.id) }),
  });

  routes.add({
    method: 'get',
    path: '/inscriptions/user/:address',
    tag: TAG,
    summary: 'Inscriptions Gavel knows at a wallet address (the destination, or the holder found by sync), newest first',
    reply: inscriptionListReplySchema,
    handler: async ({ params }) => ({ data: await inscriptionsAt(db.prisma, params.address!) }),
  });

  const statusRoute = (path: string) =>
    routes.add({
      method: 'get',
      path,
      rateLimit: 'lookups',
      tag: TAG,
      summary: 'Where an inscription stands: pending_payment, expired, revealed, confirmed or failed, with the reveal confirmations',
      reply: inscriptionStatusReplySchema,
      errors: { 404: inscriptionMessages.notFound },
      handler: async ({ params }) => {
        const row = await find(params.id!);
        return {
          data: { _id: row.id, status: row.status, inscriptionId: row.inscriptionId, commitTxid: row.commitTxid, revealTxid: row.revealTxid, confirmations: await confirmationsOf(row.revealTxid) },
        };
      },
    });
  statusRoute('/inscriptions/status/:id');

  routes.add({
    method: 'get',
    path: '/inscriptions/payment-instructions/:id',
    tag: TAG,
    summary: 'Where to pay and how much (sats) for a created inscription',
    reply: paymentInstructionsReplySchema,
    errors: { 404: inscriptionMessages.notFound },
    handler: async ({ params }) => {
      const row = await find(params.id!);
      const instructions = paymentInstructionsOf(row);
      // A synced inscription was never created here: there is nothing to pay.
      if (!instructions) throw new Refused('not_found', inscriptionMessages.paymentInstructionsFailed, 'no_payment');
      return { data: { _id: row.id, status: row.status, ...instructions } };
    },
  });

  routes.add({
    method: 'get',
    path: '/inscriptions/payment-status/:id',
    rateLimit: 'lookups',
    tag: TAG,
    summary: 'Whether the commit address received the amount (sats, mempool included) and its confirmations',
    reply: paymentStatusReplySchema,
    errors: { 404: inscriptionMessages.notFound },
    handler: async ({ params }) => {
      const row = await find(params.id!);
      if (!row.commitAddress || row.commitAmount === null) throw new Refused('not_found', inscriptionMessages.paymentInstructionsFailed, 'no_payment');
      const required = Number(row.commitAmount);
      if (row.commitTxid) {
        const tx = await bitcoin.esplora.tx(row.commitTxid).catch(() => null);
        const received = tx?.vout[row.commitVout ?? 0]?.value ?? required;
        return { data: { _id: row.id, status: row.status, paid: true, received, required, commitTxid: row.commitTxid, confirmations: await confirmationsOf(row.commitTxid) } };
      }
      const payment = await commitPayment(services, row);
      return {
        data: { _id: row.id, status: row.status, paid: payment.paying !== null, received: payment.received, required, commitTxid: payment.paying?.txid ?? null, confirmations: payment.confirmations },
      };
    },
  });

  const detailsRoute = (path: string) =>
    routes.add({
      method: 'get',
      path,
      rateLimit: 'lookups',
      tag: TAG,
      summary: 'One inscription, with what ord reports now (holder, satpoint, content URL) once it is revealed',
      reply: inscriptionDetailsReplySchema,
      errors: { 404: inscriptionMessages.notFound },
      handler: async ({ params }) => {
        const row = await find(params.id!);
        let ord = null;
        if (row.inscriptionId) {
          try {
            const found = await bitcoin.ord.inscription(row.inscriptionId);
            ord = { address: found.address, satpoint: found.satpoint, contentType: found.content_type, contentUrl: `${bitcoin.ord.baseUrl}/content/${found.id}`, number: found.number };
          } catch (error) {
            // Not indexed yet (the reveal is in the mempool): ord answers 404.
            if (!(error instanceof OrdError && error.status === 404)) throw error;
          }
        }
        return { data: { ...inscriptionView(row), ord } };
      },
    });
  detailsRoute('/inscriptions/details/:id');

  routes.add({
    method: 'post',
    path: '/inscriptions/validate-ownership',
    rateLimit: 'lookups',
    tag: TAG,
    summary: 'Whether the wallet holds the inscription now, as ord reports it',
    description: 'Body `{inscriptionId, walletAddress}`. data.currentAddress is the holder ord reports; the comparison ignores case.',
    body: validateOwnershipBodySchema,
    reply: validateOwnershipReplySchema,
    errors: { 404: inscriptionMessages.notFound },
    handler: async ({ body }) => {
      let holder: string | null;
      try {
        holder = (await bitcoin.ord.inscription(body.inscriptionId)).address;
      } catch (error) {
        if (error instanceof OrdError && error.status === 404) throw notFound(inscriptionMessages.notFound);
        throw error;
      }
      const isOwner = holder !== null && holder.toLowerCase() === body.walletAddress.toLowerCase();
      return { data: { isOwner, inscriptionId: body.inscriptionId, walletAddress: body.walletAddress, currentAddress: holder } };
    },
  });

  routes.add({
    method: 'post',
    path: '/inscriptions/ipfs-to-gateway',
    tag: TAG,
    summary: 'An IPFS address (ipfs://CID, /ipfs/CID, a bare CID, or a {address} template) as an https gateway URL',
    description: 'Body `{ipfsUrl}`. The gateway is IPFS_GATEWAY_URL (default https://ipfs.io).',
    body: ipfsToGatewayBodySchema,
    reply: ipfsToGatewayReplySchema,
    handler: async ({ body }) => {
      const url = gatewayUrl(body.ipfsUrl, config.inscriptions.ipfsGateway);
      if (url === body.ipfsUrl) throw new Refused('invalid', inscriptionMessages.ipfsUrlInvalid, 'invalid_ipfs_url', { ipfsUrl: inscriptionMessages.ipfsUrlInvalid });
      return { data: { ipfsUrl: body.ipfsUrl, gatewayUrl: url } };
    },
  });

  routes.add({
    method: 'post',
    path: '/inscriptions/sync-wallet-inscriptions',
    rateLimit: 'lookups',
    tag: TAG,
    summary: "Reads the inscriptions ord reports at the user's linked Bitcoin wallets into Gavel's list",
    description:
      'Body `{walletAddress?}`: one linked Bitcoin wallet, or unset for all of them. Inscriptions not known yet are added ' +
      '(status confirmed, owned by the user); known ones get their holder updated. data.found counts what ord reported, data.added the new rows.',
    access: signedIn,
    body: syncWalletBodySchema,
    reply: syncWalletReplySchema,
    errors: { 403: inscriptionMessages.walletNotLinked },
    handler: async ({ body, user }) => {
      const data = await syncWalletInscriptions(services, user.id, body.walletAddress);
      return { message: `Synced ${data.found} inscriptions`, data };
    },
  });

  // Last: the one-segment and two-segment catch-alls would otherwise shadow /inscriptions/my and the admin lists.
  statusRoute('/inscriptions/:id/status');
  detailsRoute('/inscriptions/:id');
}
