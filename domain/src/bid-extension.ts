import { fill, messages } from './messages.ts';

/**
 * The anti-sniping notice: a bid in a lot's final minutes moves its end. The api's bid reply carries the
 * sentence with the end as an ISO time (the spec's `extensionMessage`, for clients that show only text) beside
 * the fields it is made of (`extensionMinutes`, `endTime`); the dapp writes it again from those fields with
 * the end in the bidder's own time zone. Both write it with this one function.
 */
export function extensionMessage(extension: { minutes: number; endTime: string }): string {
  return fill(messages.bids.extended, { minutes: extension.minutes, endTime: extension.endTime });
}
