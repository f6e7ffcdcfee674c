-- Binding Bitcoin bids: lots (or whole events) that take Bitcoin bids only from bidders' vaults, the vault
-- outputs each leading bid leans on, and a winning vault swap waiting for Gavel's co-signature.
ALTER TABLE "AuctionEvent" ADD COLUMN "vaultBidsRequired" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Lot" ADD COLUMN "vaultBidsRequired" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Lot" ADD COLUMN "vaultSwapPsbtHex" TEXT;
ALTER TABLE "BtcOffer" ADD COLUMN "vaultId" TEXT;

-- CreateTable
CREATE TABLE "VaultCommitment" (
    "outpoint" TEXT NOT NULL,
    "vaultId" TEXT NOT NULL,
    "bidId" TEXT NOT NULL,
    "lotId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VaultCommitment_pkey" PRIMARY KEY ("outpoint")
);

-- CreateIndex
CREATE INDEX "VaultCommitment_vaultId_idx" ON "VaultCommitment"("vaultId");

-- CreateIndex
CREATE INDEX "VaultCommitment_bidId_idx" ON "VaultCommitment"("bidId");
