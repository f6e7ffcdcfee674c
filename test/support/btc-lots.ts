/**
 * A live BTC lot of a signed-in seller whose taproot key holds the lot's inscription, for tests that take a lot
 * through bids or Buy Now to its swap: `coSigned` is what the seller's wallet does with the winning offer GET
 * /psbt/state answers (input 1 signed with SIGHASH_ALL).
 */
import * as bitcoin from 'bitcoinjs-lib';
import type { TestStack } from './stack.ts';
import { createUser, signIn } from './users.ts';
import { createLot } from './lots.ts';
import { jsonCalls } from './offer-bidders.ts';
import { TestKey, type devClient } from './bitcoin-wallet.ts';

export async function sellerBtcLot(stack: TestStack, dev: ReturnType<typeof devClient>, net: bitcoin.Network, o: { inscription?: string; buyNowPrice?: string } = {}) {
  const { get } = jsonCalls(() => stack.url);
  const sellerUser = await createUser(stack.db, 'seller');
  const sellerToken = await signIn(stack.url, sellerUser.email);
  const seller = new TestKey('p2tr', net);
  const { inscriptionId } = await dev.inscribe(seller.address, o.inscription ?? 'test lot');
  const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n, creatorId: sellerUser.id });
  const buyNow = o.buyNowPrice ? { buyNowEnabled: true, buyNowPrice: o.buyNowPrice } : {};
  await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: seller.address, ...buyNow } });
  const coSigned = async () => {
    const psbt = bitcoin.Psbt.fromHex((await get(`/psbt/state/${lot.id}`, sellerToken)).body.psbtHex, { network: net });
    psbt.updateInput(1, { tapInternalKey: seller.publicKey });
    seller.sign(psbt, [1], [bitcoin.Transaction.SIGHASH_ALL]);
    return psbt.toHex();
  };
  return { lot, inscriptionId, sellerUser, seller, sellerToken, coSigned };
}
