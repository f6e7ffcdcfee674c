-- Bidders' vaults (one per user and Gavel key version) and their withdrawals through the cooperative leaf.
-- CreateTable
CREATE TABLE "BitcoinVault" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "keyVersion" INTEGER NOT NULL,
    "bidderKey" TEXT NOT NULL,
    "gavelKey" TEXT NOT NULL,
    "csvBlocks" INTEGER NOT NULL,
    "ordinalsAddress" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "descriptor" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BitcoinVault_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VaultWithdrawal" (
    "id" TEXT NOT NULL,
    "vaultId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "fee" INTEGER NOT NULL,
    "vsize" INTEGER NOT NULL,
    "psbtHex" TEXT NOT NULL,
    "signedPsbtHex" TEXT,
    "inputs" TEXT[],
    "txid" TEXT,
    "error" TEXT,
    "openFor" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "signedAt" TIMESTAMP(3),
    "broadcastAt" TIMESTAMP(3),

    CONSTRAINT "VaultWithdrawal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "BitcoinVault_address_key" ON "BitcoinVault"("address");

-- CreateIndex
CREATE UNIQUE INDEX "BitcoinVault_userId_keyVersion_key" ON "BitcoinVault"("userId", "keyVersion");

-- CreateIndex
CREATE UNIQUE INDEX "VaultWithdrawal_openFor_key" ON "VaultWithdrawal"("openFor");

-- CreateIndex
CREATE INDEX "VaultWithdrawal_vaultId_idx" ON "VaultWithdrawal"("vaultId");

-- CreateIndex
CREATE INDEX "VaultWithdrawal_userId_idx" ON "VaultWithdrawal"("userId");
