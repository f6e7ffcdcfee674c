-- A hold being given back: marked before Stripe is asked to cancel it, so a removal that would make its bid lead
-- again holds the card anew instead of leading on a hold about to go; a cancel that fails stays marked for the sweep.
ALTER TYPE "HoldStatus" ADD VALUE 'releasing';
