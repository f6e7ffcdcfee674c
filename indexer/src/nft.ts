/** GavelNFT tokens: owner, approvals and mint details, so the api never takes a client's word for them. */
import { ponder } from 'ponder:registry';
import { operatorApproval, token } from 'ponder:schema';

const ZERO = '0x0000000000000000000000000000000000000000';

ponder.on('GavelNFT:Transfer', async ({ event, context }) => {
  const { from, to, tokenId } = event.args;
  const contract = event.log.address;
  if (from === ZERO) {
    await context.db.insert(token).values({
      contract,
      tokenId,
      owner: to,
      mintedTo: to,
      minter: event.transaction.from,
      mintTxHash: event.transaction.hash,
      mintedAt: event.block.timestamp,
      updatedBlock: event.block.number,
    });
    return;
  }
  // ERC-721 clears the single-token approval on every transfer (OpenZeppelin 5 emits no Approval for it).
  await context.db.update(token, { contract, tokenId }).set({ owner: to, approved: null, approvedTxHash: null, updatedBlock: event.block.number });
});

// Minted follows the mint's Transfer in the same transaction.
ponder.on('GavelNFT:Minted', async ({ event, context }) => {
  const { tokenId, metadataUrl, byCard } = event.args;
  await context.db.update(token, { contract: event.log.address, tokenId }).set({ metadataUrl, byCard });
});

ponder.on('GavelNFT:Approval', async ({ event, context }) => {
  const { approved, tokenId } = event.args;
  await context.db.update(token, { contract: event.log.address, tokenId }).set({
    approved: approved === ZERO ? null : approved,
    approvedTxHash: approved === ZERO ? null : event.transaction.hash,
    updatedBlock: event.block.number,
  });
});

ponder.on('GavelNFT:ApprovalForAll', async ({ event, context }) => {
  const { owner, operator, approved } = event.args;
  await context.db
    .insert(operatorApproval)
    .values({ contract: event.log.address, owner, operator, approved, txHash: event.transaction.hash })
    .onConflictDoUpdate({ approved, txHash: event.transaction.hash });
});
