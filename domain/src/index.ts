export * from './money.ts';
export * from './lot-clock.ts';
export * from './bid-rules.ts';
export * from './messages.ts';
export * from './schemas/common.ts';
export * from './schemas/lot.ts';
export * from './schemas/auction-event.ts';
export * from './schemas/content.ts';
