/**
 * The house's default rates: what a new event's buyer's premium, seller's commission and buyer's tax start at (an
 * admin edits them per event). Unset, all are empty: no premium, no commission and no tax, the spec's "$0 service
 * fee".
 */
import { commissionRefusal, premiumRefusal, type RateScheduleWire, rateScheduleProblem, rateScheduleWireSchema, type TaxTableWire, taxTableProblem, taxTableWireSchema } from '@gavel/domain';

export interface HouseConfig {
  /** HOUSE_BUYER_PREMIUM: a JSON rate schedule per unit, e.g. {"USD":[{"upTo":"1000000.00","percent":"25"},{"upTo":null,"percent":"20"}]}. */
  buyerPremium: RateScheduleWire;
  /** HOUSE_SELLER_COMMISSION: the same shape, kept from the seller's hammer price. */
  sellerCommission: RateScheduleWire;
  /** HOUSE_TAX: a JSON list of rates per buyer's country, e.g. [{"country":"United Kingdom","percent":"20","base":"premium"}]. */
  buyerTax: TaxTableWire;
}

function taxTable(env: NodeJS.ProcessEnv): TaxTableWire {
  const text = env.HOUSE_TAX;
  if (!text) return [];
  const parsed = taxTableWireSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`HOUSE_TAX is not a tax table: ${parsed.error.message}`);
  const problem = taxTableProblem(parsed.data);
  if (problem) throw new Error(`HOUSE_TAX: ${problem}`);
  return parsed.data;
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
  const sellerCommission = schedule(env, 'HOUSE_SELLER_COMMISSION');
  const commissionRefused = commissionRefusal(sellerCommission);
  if (commissionRefused) throw new Error(`HOUSE_SELLER_COMMISSION: ${commissionRefused}`);
  return { buyerPremium, sellerCommission, buyerTax: taxTable(env) };
}
