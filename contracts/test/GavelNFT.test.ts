import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseEther } from 'viem';
import { MINT_PRICE, assertSameAddress, connectGavel } from '../testing/fixtures.ts';

const { viem, load } = await connectGavel();

describe('GavelNFT', () => {
  describe('publicMint', () => {
    it('mints to the caller at exactly the price, with ids from 1 and the metadata URL as tokenURI', async () => {
      const { nft, alice, publicClient } = await load.deployed();
      const url = 'ipfs://bafy/1.json';
      await viem.assertions.emitWithArgs(nft.write.publicMint([url], { account: alice.account, value: MINT_PRICE }), nft, 'Minted', [1n, alice.account.address, url, false]);
      assertSameAddress(await nft.read.ownerOf([1n]), alice.account.address);
      assert.equal(await nft.read.tokenURI([1n]), url);
      assert.equal(await publicClient.getBalance({ address: nft.address }), MINT_PRICE);
    });

    it('rejects a payment other than the price', async () => {
      const { nft, alice } = await load.deployed();
      for (const value of [0n, MINT_PRICE - 1n, MINT_PRICE + 1n]) {
        await viem.assertions.revertWithCustomErrorWithArgs(nft.write.publicMint(['ipfs://x'], { account: alice.account, value }), nft, 'MintPriceMismatch', [MINT_PRICE, value]);
      }
    });

    it('is closed while publicMintActive is false', async () => {
      const { nft, alice } = await load.deployed();
      await nft.write.setPublicMintActive([false]);
      assert.equal(await nft.read.publicMintActive(), false);
      await viem.assertions.revertWithCustomError(nft.write.publicMint(['ipfs://x'], { account: alice.account, value: MINT_PRICE }), nft, 'PublicMintInactive');
    });

    it('rejects an empty metadata URL', async () => {
      const { nft, alice } = await load.deployed();
      await viem.assertions.revertWithCustomError(nft.write.publicMint([''], { account: alice.account, value: MINT_PRICE }), nft, 'EmptyMetadataUrl');
    });
  });

  describe('cardMint', () => {
    it('lets only the minter mint, for free, to any address', async () => {
      const { nft, owner, alice, bob } = await load.deployed();
      assertSameAddress(await nft.read.minter(), owner.account.address);
      await viem.assertions.revertWithCustomErrorWithArgs(nft.write.cardMint([alice.account.address, 'ipfs://x'], { account: alice.account }), nft, 'NotMinter', [alice.account.address]);
      await viem.assertions.emitWithArgs(nft.write.cardMint([bob.account.address, 'ipfs://card']), nft, 'Minted', [1n, bob.account.address, 'ipfs://card', true]);
      assertSameAddress(await nft.read.ownerOf([1n]), bob.account.address);
    });

    it('mints to a contract that has no onERC721Received', async () => {
      const { nft, house } = await load.deployed();
      const actor = await viem.deployContract('TestActor', [house.address]);
      await nft.write.cardMint([actor.address, 'ipfs://x']);
      assertSameAddress(await nft.read.ownerOf([1n]), actor.address);
    });

    it('follows setMinter', async () => {
      const { nft, alice } = await load.deployed();
      await viem.assertions.emitWithArgs(nft.write.setMinter([alice.account.address]), nft, 'MinterUpdated', [alice.account.address]);
      await nft.write.cardMint([alice.account.address, 'ipfs://x'], { account: alice.account });
      await viem.assertions.revertWithCustomError(nft.write.cardMint([alice.account.address, 'ipfs://y']), nft, 'NotMinter');
    });
  });

  describe('owner settings', () => {
    it('are owner-only', async () => {
      const { nft, alice } = await load.deployed();
      const asAlice = { account: alice.account };
      for (const call of [
        nft.write.setPublicMintPrice([1n], asAlice),
        nft.write.setPublicMintActive([false], asAlice),
        nft.write.setMinter([alice.account.address], asAlice),
        nft.write.withdrawMintProceeds([alice.account.address], asAlice),
      ]) {
        await viem.assertions.revertWithCustomErrorWithArgs(call, nft, 'OwnableUnauthorizedAccount', [alice.account.address]);
      }
    });

    it('change the price and withdraw the proceeds', async () => {
      const { nft, alice, treasury } = await load.deployed();
      const price = parseEther('0.02');
      await nft.write.setPublicMintPrice([price]);
      assert.equal(await nft.read.publicMintPrice(), price);
      await nft.write.publicMint(['ipfs://x'], { account: alice.account, value: price });
      await viem.assertions.balancesHaveChanged(nft.write.withdrawMintProceeds([treasury.account.address]), [
        { address: treasury.account.address, amount: price },
        { address: nft.address, amount: -price },
      ]);
    });

    it('refuse a zero minter', async () => {
      const { nft } = await load.deployed();
      await viem.assertions.revertWithCustomError(nft.write.setMinter(['0x0000000000000000000000000000000000000000']), nft, 'ZeroAddress');
    });
  });

  describe('approve', () => {
    it('works for the token owner only', async () => {
      const { nft, house, alice, bob } = await load.deployed();
      await nft.write.cardMint([alice.account.address, 'ipfs://x']);
      await viem.assertions.revertWithCustomErrorWithArgs(nft.write.approve([house.address, 1n], { account: bob.account }), nft, 'ERC721InvalidApprover', [bob.account.address]);
      await viem.assertions.emitWithArgs(nft.write.approve([house.address, 1n], { account: alice.account }), nft, 'Approval', [alice.account.address, house.address, 1n]);
      assertSameAddress(await nft.read.getApproved([1n]), house.address);
    });
  });
});
