-- A new enum value cannot be used in the transaction that adds it (each migration runs in one): the proxy write
-- that sets it is re-created by the next migration.

-- AlterEnum
ALTER TYPE "BidStatus" ADD VALUE 'replaced';
