/**
 * What the admin sees of card payments that did not match what was owed (payments/intent-state.ts records
 * them): on the lot's page, so whoever settles the lot knows a payment for it needs a look before marking it
 * paid or refunding anything.
 */
import type { PaymentMismatch } from '@gavel/domain';
import type { PrismaClient } from '../generated/prisma/client.ts';

const SHOWN = 20;

export async function paymentMismatchesOf(prisma: PrismaClient, lotId: string): Promise<PaymentMismatch[]> {
  const rows = await prisma.paymentMismatch.findMany({ where: { lotIds: { has: lotId } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: SHOWN });
  return rows.map((row) => ({
    paymentIntentId: row.paymentIntentId,
    purpose: row.purpose,
    owed: { amount: row.owedAmount?.toFixed(0) ?? null, currency: row.owedCurrency },
    received: { amount: row.receivedAmount?.toFixed(0) ?? null, currency: row.receivedCurrency },
    source: row.source as PaymentMismatch['source'],
    createdAt: row.createdAt.toISOString(),
  }));
}
