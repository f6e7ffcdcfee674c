-- CreateTable
CREATE TABLE "Degradation" (
    "id" TEXT NOT NULL,
    "dependency" TEXT NOT NULL,
    "process" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "until" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Degradation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Degradation_until_idx" ON "Degradation"("until" DESC);
