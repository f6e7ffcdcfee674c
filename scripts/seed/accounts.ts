/** The demo accounts the README lists. Passwords are for the local demo only. */
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
    // anvil's account #1 and a testnet taproot address: the seller wallets of the seeded lots.
    evmAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    btcAddress: 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
  },
  {
    email: 'bidder@gavel.test',
    role: 'user' as const,
    firstName: 'Bea',
    lastName: 'Bidder',
    title: 'Collector',
    evmAddress: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    btcAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  },
  {
    email: 'collector@gavel.test',
    role: 'user' as const,
    firstName: 'Cole',
    lastName: 'Collector',
    title: 'Collector',
    evmAddress: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    btcAddress: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
  },
] as const;
