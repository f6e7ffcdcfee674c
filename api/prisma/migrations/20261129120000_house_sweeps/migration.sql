-- The children of binding swaps: each sweeps the swap's house output (paid to the house anchor key the worker
-- holds) to the fee address, paying for the swap as a package; a higher attempt replaces the one before it.
CREATE TABLE "HouseSweep" (
    "id" TEXT NOT NULL,
    "lotId" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "txid" TEXT NOT NULL,
    "txHex" TEXT NOT NULL,
    "fee" INTEGER NOT NULL,
    "vsize" INTEGER NOT NULL,
    "feeRate" INTEGER NOT NULL,
    "short" BOOLEAN NOT NULL DEFAULT false,
    "sentHeight" INTEGER NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HouseSweep_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "HouseSweep_txid_key" ON "HouseSweep"("txid");

-- CreateIndex
CREATE UNIQUE INDEX "HouseSweep_lotId_attempt_key" ON "HouseSweep"("lotId", "attempt");

-- AddForeignKey
ALTER TABLE "HouseSweep" ADD CONSTRAINT "HouseSweep_lotId_fkey" FOREIGN KEY ("lotId") REFERENCES "Lot"("id") ON DELETE CASCADE ON UPDATE CASCADE;
