/**
 * The house's default rates: what a new event's buyer's premium and seller's commission start at (an admin edits
 * them per event). Unset, both are empty tables: no premium and no commission, the spec's "$0 service fee".
 */
import { premiumRefusal, type RateScheduleWire, rateScheduleProblem, rateScheduleWireSchema } from '@gavel/domain';

export interface HouseConfig {
  /** HOUSE_BUYER_PREMIUM: a JSON rate schedule per unit, e.g. {"USD":[{"upTo":"1000000.00","percent":"25"},{"upTo":null,"percent":"20"}]}. */
  buyerPremium: RateScheduleWire;
  /** HOUSE_SELLER_COMMISSION: the same shape, kept from the seller's hammer price. */
  sellerCommission: RateScheduleWire;
}

function schedule(env: NodeJS.ProcessEnv, name: string): RateScheduleWire {
  const text = env[name];
  if (!text) return {};
  const parsed = rateScheduleWireSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${name} is not a rate schedule: ${parsed.error.message}`);
  const problem = rateScheduleProblem(parsed.data);
  if (problem) throw new Error(`${name}: ${problem}`);
  return parsed.data;
}

export function houseConfig(env: NodeJS.ProcessEnv): HouseConfig {
  const buyerPremium = schedule(env, 'HOUSE_BUYER_PREMIUM');
  // The default would be copied onto every new event: refused at boot, as the event form refuses it.
  const refusal = premiumRefusal(buyerPremium);
  if (refusal) throw new Error(`HOUSE_BUYER_PREMIUM: ${refusal}`);
  return { buyerPremium, sellerCommission: schedule(env, 'HOUSE_SELLER_COMMISSION') };
}
