import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectGavel } from '../testing/fixtures.ts';
import { BASE_TX_GAS, NOUNS_V2, formatGasReport, measureAuctionGas } from '../testing/gas-scenario.ts';

const { networkHelpers, load } = await connectGavel();

describe('gas', () => {
  it('bids at or under Nouns AuctionHouse V2 (34,919 first bid, 93,402 two bids, without the 21,000 base)', async () => {
    const env = await load.deployed();
    const gas = await measureAuctionGas({
      publicClient: env.publicClient,
      minter: env.owner,
      seller: env.seller,
      firstBidder: env.alice,
      secondBidder: env.bob,
      nft: env.nft.address,
      house: env.house.address,
      advanceTime: async (seconds) => void (await networkHelpers.time.increase(seconds)),
    });
    const firstBid = gas.firstBid - BASE_TX_GAS;
    const twoBids = firstBid + gas.secondBid - BASE_TX_GAS;
    assert.ok(firstBid <= NOUNS_V2.firstBid, `first bid ${firstBid} > ${NOUNS_V2.firstBid}\n${formatGasReport(gas)}`);
    assert.ok(twoBids <= NOUNS_V2.twoBids, `two bids ${twoBids} > ${NOUNS_V2.twoBids}\n${formatGasReport(gas)}`);
    if (process.env.GAS_REPORT) console.log(formatGasReport(gas));
  });
});
