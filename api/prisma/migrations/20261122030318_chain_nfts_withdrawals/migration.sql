-- CreateEnum
CREATE TYPE "NftStatus" AS ENUM ('minted', 'approved');

-- CreateEnum
CREATE TYPE "EvmWithdrawalStatus" AS ENUM ('pending', 'confirmed', 'failed');

-- CreateTable
CREATE TABLE "Nft" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "imageUrl" TEXT,
    "metadataUrl" TEXT,
    "contractAddress" TEXT NOT NULL,
    "tokenId" DECIMAL(78,0) NOT NULL,
    "deployerAddress" TEXT,
    "ownerAddress" TEXT NOT NULL,
    "mintTxHash" TEXT,
    "status" "NftStatus" NOT NULL DEFAULT 'minted',
    "isApprovedForAuction" BOOLEAN NOT NULL DEFAULT false,
    "auctionContractAddress" TEXT,
    "approveTxHash" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Nft_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EvmWithdrawal" (
    "id" TEXT NOT NULL,
    "auctionId" TEXT,
    "walletAddress" TEXT NOT NULL,
    "txHash" TEXT NOT NULL,
    "status" "EvmWithdrawalStatus" NOT NULL DEFAULT 'pending',
    "amount" DECIMAL(78,0),
    "blockNumber" INTEGER,
    "userId" TEXT,
    "reconciledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EvmWithdrawal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Nft_ownerAddress_idx" ON "Nft"("ownerAddress");

-- CreateIndex
CREATE INDEX "Nft_status_createdAt_idx" ON "Nft"("status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Nft_createdAt_idx" ON "Nft"("createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Nft_contractAddress_tokenId_key" ON "Nft"("contractAddress", "tokenId");

-- CreateIndex
CREATE UNIQUE INDEX "EvmWithdrawal_txHash_key" ON "EvmWithdrawal"("txHash");

-- CreateIndex
CREATE INDEX "EvmWithdrawal_walletAddress_status_idx" ON "EvmWithdrawal"("walletAddress", "status");

-- CreateIndex
CREATE INDEX "EvmWithdrawal_status_createdAt_idx" ON "EvmWithdrawal"("status", "createdAt");
