-- AlterTable
ALTER TABLE "AuctionEvent" ADD COLUMN     "whitelistOnly" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "termsVersion" INTEGER;

-- CreateTable
CREATE TABLE "WhitelistEntry" (
    "id" TEXT NOT NULL,
    "walletAddress" TEXT,
    "email" TEXT,
    "auctionEventId" TEXT,
    "note" TEXT NOT NULL DEFAULT '',
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WhitelistEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Policy" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "summary" TEXT NOT NULL DEFAULT '',
    "version" INTEGER,
    "publishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Policy_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Inscription" (
    "id" TEXT NOT NULL,
    "inscriptionId" TEXT,
    "walletAddress" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "contentType" TEXT,
    "ipfsUrl" TEXT,
    "gatewayUrl" TEXT,
    "userId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Inscription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WhitelistEntry_auctionEventId_idx" ON "WhitelistEntry"("auctionEventId");

-- CreateIndex
CREATE UNIQUE INDEX "WhitelistEntry_walletAddress_auctionEventId_key" ON "WhitelistEntry"("walletAddress", "auctionEventId");

-- CreateIndex
CREATE UNIQUE INDEX "WhitelistEntry_email_auctionEventId_key" ON "WhitelistEntry"("email", "auctionEventId");

-- CreateIndex
CREATE INDEX "Policy_kind_publishedAt_idx" ON "Policy"("kind", "publishedAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Policy_kind_version_key" ON "Policy"("kind", "version");

-- CreateIndex
CREATE UNIQUE INDEX "Inscription_inscriptionId_key" ON "Inscription"("inscriptionId");

-- CreateIndex
CREATE INDEX "Inscription_walletAddress_idx" ON "Inscription"("walletAddress");

-- CreateIndex
CREATE INDEX "Inscription_status_createdAt_idx" ON "Inscription"("status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Inscription_createdAt_idx" ON "Inscription"("createdAt" DESC);

-- AddForeignKey
ALTER TABLE "WhitelistEntry" ADD CONSTRAINT "WhitelistEntry_auctionEventId_fkey" FOREIGN KEY ("auctionEventId") REFERENCES "AuctionEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
