-- Trigram indexes make title search (ILIKE %q%) fast at 100,000 lots.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('admin', 'seller', 'user');

-- CreateEnum
CREATE TYPE "KycStatus" AS ENUM ('not_submitted', 'pending', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "BiddingFor" AS ENUM ('myself', 'someone_else');

-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('BTC', 'ETH', 'Manual');

-- CreateEnum
CREATE TYPE "AuctionType" AS ENUM ('onchain', 'offchain');

-- CreateEnum
CREATE TYPE "LotStatus" AS ENUM ('upcoming', 'live', 'ended', 'cancelled');

-- CreateEnum
CREATE TYPE "AuctionEventStatus" AS ENUM ('draft', 'upcoming', 'live', 'ended');

-- CreateEnum
CREATE TYPE "BidStatus" AS ENUM ('active', 'outbid', 'withdrawn', 'cancelled', 'removed');

-- CreateEnum
CREATE TYPE "WalletType" AS ENUM ('hiro', 'xverse', 'evm');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "emailVerified" BOOLEAN NOT NULL DEFAULT false,
    "firstName" TEXT,
    "lastName" TEXT,
    "name" TEXT,
    "phoneNumber" TEXT,
    "country" TEXT,
    "city" TEXT,
    "state" TEXT,
    "address" TEXT,
    "postCode" TEXT,
    "dateOfBirth" DATE,
    "role" "Role" NOT NULL DEFAULT 'user',
    "title" TEXT NOT NULL DEFAULT 'User',
    "isProfileComplete" BOOLEAN NOT NULL DEFAULT false,
    "identityVerified" BOOLEAN NOT NULL DEFAULT false,
    "kycStatus" "KycStatus" NOT NULL DEFAULT 'not_submitted',
    "kycReason" TEXT,
    "hasValidPaymentMethod" BOOLEAN NOT NULL DEFAULT false,
    "paymentMethodVerified" BOOLEAN NOT NULL DEFAULT false,
    "stripeCustomerId" TEXT,
    "termsAccepted" BOOLEAN NOT NULL DEFAULT false,
    "termsAcceptedAt" TIMESTAMP(3),
    "biddingFor" "BiddingFor",
    "tokenVersion" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuctionEvent" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" "AuctionEventStatus" NOT NULL DEFAULT 'draft',
    "published" BOOLEAN NOT NULL DEFAULT false,
    "startTime" TIMESTAMP(3) NOT NULL,
    "endTime" TIMESTAMP(3) NOT NULL,
    "coverImageUrl" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuctionEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Lot" (
    "id" TEXT NOT NULL,
    "lotNumber" SERIAL NOT NULL,
    "auctionEventId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" "LotStatus" NOT NULL DEFAULT 'upcoming',
    "published" BOOLEAN NOT NULL DEFAULT false,
    "auctionType" "AuctionType" NOT NULL DEFAULT 'offchain',
    "paymentMethod" "PaymentMethod" NOT NULL,
    "startingBid" DECIMAL(78,0) NOT NULL,
    "reservePrice" DECIMAL(78,0),
    "currentBid" DECIMAL(78,0),
    "currentPrice" DECIMAL(78,0) NOT NULL,
    "bidCount" INTEGER NOT NULL DEFAULT 0,
    "buyNowEnabled" BOOLEAN NOT NULL DEFAULT false,
    "buyNowPrice" DECIMAL(78,0),
    "estimateLow" DECIMAL(78,0),
    "estimateHigh" DECIMAL(78,0),
    "startTime" TIMESTAMP(3) NOT NULL,
    "endTime" TIMESTAMP(3) NOT NULL,
    "extensionMinutes" INTEGER NOT NULL DEFAULT 5,
    "imageUrls" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "inscriptionId" TEXT,
    "contractAddress" TEXT,
    "tokenId" DECIMAL(78,0),
    "auctionContractAddress" TEXT,
    "chainAuctionId" DECIMAL(78,0),
    "sellerWalletAddress" TEXT,
    "creatorId" TEXT,
    "winnerId" TEXT,
    "winnerWalletAddress" TEXT,
    "winningBidId" TEXT,
    "soldPrice" DECIMAL(78,0),
    "closedAt" TIMESTAMP(3),
    "txHash" TEXT,
    "transferTransactionHash" TEXT,
    "sellerSignedPsbtHex" TEXT,
    "paid" BOOLEAN NOT NULL DEFAULT false,
    "paidAt" TIMESTAMP(3),
    "transferred" BOOLEAN NOT NULL DEFAULT false,
    "transferredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Lot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Bid" (
    "id" TEXT NOT NULL,
    "lotId" TEXT NOT NULL,
    "userId" TEXT,
    "amount" DECIMAL(78,0) NOT NULL,
    "walletAddress" TEXT,
    "status" "BidStatus" NOT NULL DEFAULT 'active',
    "withdrawalStatus" TEXT,
    "removedReason" TEXT,
    "psbtHex" TEXT,
    "signedPsbtHex" TEXT,
    "paymentIntentId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Bid_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Wallet" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "type" "WalletType" NOT NULL,
    "walletName" TEXT,
    "isConnected" BOOLEAN NOT NULL DEFAULT true,
    "connectedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Wallet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CmsPage" (
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CmsPage_pkey" PRIMARY KEY ("slug")
);

-- CreateTable
CREATE TABLE "NewsletterSubscription" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NewsletterSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_role_idx" ON "User"("role");

-- CreateIndex
CREATE INDEX "User_kycStatus_idx" ON "User"("kycStatus");

-- CreateIndex
CREATE UNIQUE INDEX "AuctionEvent_slug_key" ON "AuctionEvent"("slug");

-- CreateIndex
CREATE INDEX "AuctionEvent_published_startTime_idx" ON "AuctionEvent"("published", "startTime");

-- CreateIndex
CREATE UNIQUE INDEX "Lot_winningBidId_key" ON "Lot"("winningBidId");

-- CreateIndex
CREATE INDEX "Lot_published_endTime_idx" ON "Lot"("published", "endTime");

-- CreateIndex
CREATE INDEX "Lot_published_startTime_idx" ON "Lot"("published", "startTime");

-- CreateIndex
CREATE INDEX "Lot_published_createdAt_idx" ON "Lot"("published", "createdAt");

-- CreateIndex
CREATE INDEX "Lot_published_currentPrice_idx" ON "Lot"("published", "currentPrice");

-- CreateIndex
CREATE INDEX "Lot_published_title_idx" ON "Lot"("published", "title");

-- CreateIndex
CREATE INDEX "Lot_paymentMethod_currentPrice_idx" ON "Lot"("paymentMethod", "currentPrice");

-- CreateIndex
CREATE INDEX "Lot_auctionEventId_lotNumber_idx" ON "Lot"("auctionEventId", "lotNumber");

-- CreateIndex
CREATE INDEX "Lot_status_endTime_idx" ON "Lot"("status", "endTime");

-- CreateIndex
CREATE INDEX "Lot_sellerWalletAddress_idx" ON "Lot"("sellerWalletAddress");

-- CreateIndex
CREATE INDEX "Lot_winnerWalletAddress_idx" ON "Lot"("winnerWalletAddress");

-- CreateIndex
CREATE INDEX "Lot_title_trgm_idx" ON "Lot" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Bid_lotId_amount_idx" ON "Bid"("lotId", "amount" DESC);

-- CreateIndex
CREATE INDEX "Bid_lotId_createdAt_idx" ON "Bid"("lotId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Bid_userId_createdAt_idx" ON "Bid"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Bid_walletAddress_idx" ON "Bid"("walletAddress");

-- CreateIndex
CREATE UNIQUE INDEX "Wallet_address_key" ON "Wallet"("address");

-- CreateIndex
CREATE INDEX "Wallet_userId_idx" ON "Wallet"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterSubscription_email_key" ON "NewsletterSubscription"("email");

-- AddForeignKey
ALTER TABLE "Lot" ADD CONSTRAINT "Lot_auctionEventId_fkey" FOREIGN KEY ("auctionEventId") REFERENCES "AuctionEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Lot" ADD CONSTRAINT "Lot_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Lot" ADD CONSTRAINT "Lot_winnerId_fkey" FOREIGN KEY ("winnerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Bid" ADD CONSTRAINT "Bid_lotId_fkey" FOREIGN KEY ("lotId") REFERENCES "Lot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Bid" ADD CONSTRAINT "Bid_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Wallet" ADD CONSTRAINT "Wallet_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
