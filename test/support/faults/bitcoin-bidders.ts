/**
 * The Bitcoin side of a fault rig: one live BTC lot (an inscription on the stand-in, a seller's payout address)
 * and bidders whose wallets are funded on the stand-in and linked to their accounts, each signing its offers as
 * a wallet does (every input but the seller's). Set up straight on the stand-in, never through the fault proxy.
 */
import * as bitcoin from 'bitcoinjs-lib';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../../api/src/db/client.ts';
import { devClient, networkOf, TestKey } from '../bitcoin-wallet.ts';
import { createUser, signIn } from '../users.ts';

export interface BtcBidder {
  token: string;
  paymentAddress: string;
  ordinalsAddress: string;
  /** The wallet's signature of an offer PSBT. */
  sign(psbtHex: string): string;
}

const net = networkOf('regtest');
/** Starting bid of the lot, in sats; the bidders' coin covers hundreds of raises above it. */
export const BTC_STARTING_SATS = 10_000;
const COIN_SATS = 5_000_000;

export async function openBtcLot(db: Database, stateUrl: string, auctionEventId: string): Promise<string> {
  const dev = devClient(stateUrl);
  const { inscriptionId } = await dev.inscribe(new TestKey('p2tr', net).address, 'fault lot');
  const lot = await db.prisma.lot.create({
    data: {
      auctionEventId,
      title: `Fault BTC lot ${randomBytes(3).toString('hex')}`,
      paymentMethod: 'BTC',
      startingBid: String(BTC_STARTING_SATS),
      currentPrice: String(BTC_STARTING_SATS),
      startTime: new Date(Date.now() - 60_000),
      endTime: new Date(Date.now() + 3_600_000),
      status: 'live',
      published: true,
      extensionMinutes: 0,
      inscriptionId,
      sellerWalletAddress: new TestKey('p2wpkh', net).address,
    },
  });
  return lot.id;
}

export async function btcBidder(db: Database, stateUrl: string, apiUrl: string): Promise<BtcBidder> {
  const dev = devClient(stateUrl);
  const user = await createUser(db, 'ready');
  const payment = new TestKey('p2wpkh', net);
  const ordinals = new TestKey('p2tr', net);
  // A dummy-sized coin and a spendable one, as the offer's inputs need.
  await dev.faucet(payment.address, 600);
  await dev.faucet(payment.address, COIN_SATS);
  await db.prisma.wallet.create({ data: { userId: user.id, address: payment.address, type: 'xverse' } });
  return {
    token: await signIn(apiUrl, user.email),
    paymentAddress: payment.address,
    ordinalsAddress: ordinals.address,
    sign(psbtHex) {
      const psbt = bitcoin.Psbt.fromHex(psbtHex, { network: net });
      payment.sign(
        psbt,
        psbt.txInputs.map((_, i) => i).filter((i) => i !== 1),
      );
      return psbt.toHex();
    },
  };
}
