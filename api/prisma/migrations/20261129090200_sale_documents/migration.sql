-- Sale documents: a numbered buyer's invoice for every won lot and a seller's statement for every sale, numbered
-- per year from a counter row taken in the closing transaction (unique, without gaps).
CREATE TABLE "DocumentCounter" (
    "kind" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL,
    CONSTRAINT "DocumentCounter_pkey" PRIMARY KEY ("kind", "year")
);

CREATE TABLE "Invoice" (
    "id" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "lotId" TEXT NOT NULL,
    "buyerId" TEXT,
    "unit" TEXT NOT NULL,
    "hammer" DECIMAL(78,0) NOT NULL,
    "premium" DECIMAL(78,0) NOT NULL,
    "tax" DECIMAL(78,0) NOT NULL,
    "total" DECIMAL(78,0) NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Invoice_number_key" ON "Invoice"("number");
CREATE UNIQUE INDEX "Invoice_lotId_key" ON "Invoice"("lotId");
CREATE UNIQUE INDEX "Invoice_year_seq_key" ON "Invoice"("year", "seq");
CREATE INDEX "Invoice_buyerId_idx" ON "Invoice"("buyerId");

CREATE TABLE "SellerStatement" (
    "id" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "lotId" TEXT NOT NULL,
    "sellerId" TEXT,
    "unit" TEXT NOT NULL,
    "hammer" DECIMAL(78,0) NOT NULL,
    "commission" DECIMAL(78,0) NOT NULL,
    "fees" DECIMAL(78,0) NOT NULL,
    "net" DECIMAL(78,0) NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paidOutAt" TIMESTAMP(3),
    "paidOutBy" TEXT,
    CONSTRAINT "SellerStatement_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "SellerStatement_number_key" ON "SellerStatement"("number");
CREATE UNIQUE INDEX "SellerStatement_lotId_key" ON "SellerStatement"("lotId");
CREATE UNIQUE INDEX "SellerStatement_year_seq_key" ON "SellerStatement"("year", "seq");
CREATE INDEX "SellerStatement_sellerId_idx" ON "SellerStatement"("sellerId");

ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_lotId_fkey" FOREIGN KEY ("lotId") REFERENCES "Lot"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SellerStatement" ADD CONSTRAINT "SellerStatement_lotId_fkey" FOREIGN KEY ("lotId") REFERENCES "Lot"("id") ON DELETE CASCADE ON UPDATE CASCADE;
