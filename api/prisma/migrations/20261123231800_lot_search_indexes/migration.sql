-- Browse search matches words of the description (like the title, through a trigram index) and a whole
-- inscription id or token id.
CREATE INDEX "Lot_description_trgm_idx" ON "Lot" USING GIN ("description" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Lot_inscriptionId_idx" ON "Lot"("inscriptionId");

-- CreateIndex
CREATE INDEX "Lot_tokenId_idx" ON "Lot"("tokenId");
