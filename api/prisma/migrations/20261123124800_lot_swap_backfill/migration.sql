-- Swaps seller-signed before swapTxid existed were broadcast and recorded as sellerSignedPsbtHex + txHash.
UPDATE "Lot" SET "swapTxid" = "txHash" WHERE "sellerSignedPsbtHex" IS NOT NULL AND "txHash" IS NOT NULL;
