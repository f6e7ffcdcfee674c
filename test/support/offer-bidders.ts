/**
 * Api tests of BTC lots: JSON calls with a bearer token, and ready bidders whose Bitcoin wallet (a p2wpkh
 * payment key with a dummy-sized coin and a spendable one, a p2tr ordinals key) is funded on the stand-in and
 * linked to their account, signing offers as a wallet does (every input but the seller's, index 1).
 */
import * as bitcoin from 'bitcoinjs-lib';
import { createUser, signIn } from './users.ts';
import { TestKey, type devClient } from './bitcoin-wallet.ts';
import type { TestStack } from './stack.ts';

export type Reply = { status: number; body: any };

export function jsonCalls(apiUrl: () => string) {
  return {
    post: async (path: string, token: string, body: unknown): Promise<Reply> => {
      const res = await fetch(apiUrl() + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    },
    get: async (path: string, token: string): Promise<Reply> => {
      const res = await fetch(apiUrl() + path, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, body: await res.json() };
    },
  };
}

export async function offerBidder(stack: TestStack, dev: ReturnType<typeof devClient>, net: bitcoin.Network) {
  const { post } = jsonCalls(() => stack.url);
  const user = await createUser(stack.db, 'ready');
  const keys = { payment: new TestKey('p2wpkh', net), ordinals: new TestKey('p2tr', net) };
  await dev.faucet(keys.payment.address, 600);
  const big = await dev.faucet(keys.payment.address, 200_000);
  await stack.db.prisma.wallet.create({ data: { userId: user.id, address: keys.payment.address, type: 'xverse' } });
  const token = await signIn(stack.url, user.email);
  const bid = (lotId: string, amount: number) => post(`/auctions/${lotId}/bids`, token, { amount, walletAddress: keys.payment.address, ordinalsAddress: keys.ordinals.address });
  const sign = (psbtHex: string) => {
    const psbt = bitcoin.Psbt.fromHex(psbtHex, { network: net });
    keys.payment.sign(
      psbt,
      psbt.txInputs.map((_, i) => i).filter((i) => i !== 1),
    );
    return psbt.toHex();
  };
  return { user, token, keys, bid, sign, big: { txid: big.txid, vout: big.vout, value: 200_000 } };
}
