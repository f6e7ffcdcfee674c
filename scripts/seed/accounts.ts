/** The demo accounts the README lists. Passwords are for the local demo only. */
import { demoBitcoinWallet } from './bitcoin-wallets.ts';

export const DEMO_PASSWORD = 'GavelDemo!2026';

export const demoAccounts = [
  {
    email: 'admin@gavel.test',
    role: 'admin' as const,
    firstName: 'Ada',
    lastName: 'Admin',
    title: 'Administrator',
  },
  {
    email: 'seller@gavel.test',
    role: 'seller' as const,
    firstName: 'Satoshi',
    lastName: 'Seller',
    title: 'Seller',
    // anvil's account #1 and the demo ordinals address (holding the BTC lots' inscriptions): the seller wallets of the seeded lots.
    evmAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    btcAddress: demoBitcoinWallet('seller@gavel.test').ordinals.address,
  },
  {
    email: 'bidder@gavel.test',
    role: 'user' as const,
    firstName: 'Bea',
    lastName: 'Bidder',
    title: 'Collector',
    evmAddress: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    btcAddress: demoBitcoinWallet('bidder@gavel.test').payment.address,
  },
  {
    email: 'collector@gavel.test',
    role: 'user' as const,
    firstName: 'Cole',
    lastName: 'Collector',
    title: 'Collector',
    evmAddress: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    btcAddress: demoBitcoinWallet('collector@gavel.test').payment.address,
  },
] as const;
