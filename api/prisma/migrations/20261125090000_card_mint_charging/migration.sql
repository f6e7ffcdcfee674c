-- A card mint is recorded before its card is charged, so no charge is ever made that no row names.
ALTER TYPE "CardMintStatus" ADD VALUE 'charging' BEFORE 'queued';
ALTER TYPE "CardMintStatus" ADD VALUE 'refunding' BEFORE 'queued';
