import { describe, expect, it } from 'vitest';
import { checkBitcoinAddress, isBitcoinAddress } from './bitcoin-address.ts';

// BIP-173 / BIP-350 vectors, plus regtest ones encoded from fixed programs.
const mainnetP2wpkh = 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4';
const mainnetP2tr = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';
const testnetP2wsh = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7';
const testnetP2tr = 'tb1ppyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyys6k4apt';
const regtestP2wpkh = 'bcrt1qqurswpc8qurswpc8qurswpc8qurswpc8dxm0gk';
const regtestP2tr = 'bcrt1ppyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysh0lm53';

describe('checkBitcoinAddress', () => {
  it('accepts each network its own address types', () => {
    expect(checkBitcoinAddress(mainnetP2wpkh, 'mainnet')).toMatchObject({ ok: true, type: 'p2wpkh' });
    expect(checkBitcoinAddress(mainnetP2tr, 'mainnet')).toMatchObject({ ok: true, type: 'p2tr' });
    expect(checkBitcoinAddress(testnetP2wsh, 'testnet4')).toMatchObject({ ok: true, type: 'p2wsh' });
    expect(checkBitcoinAddress(testnetP2tr, 'testnet4')).toMatchObject({ ok: true, type: 'p2tr' });
    expect(checkBitcoinAddress(regtestP2wpkh, 'regtest')).toMatchObject({ ok: true, type: 'p2wpkh' });
    expect(checkBitcoinAddress(regtestP2tr, 'regtest')).toMatchObject({ ok: true, type: 'p2tr' });
  });

  it('names the network of an address from another network', () => {
    expect(checkBitcoinAddress(mainnetP2tr, 'testnet4')).toEqual({
      ok: false,
      message: 'bc1p0x… is a Bitcoin mainnet address; this marketplace runs on Bitcoin testnet4, so use an address starting with tb1',
    });
    expect(checkBitcoinAddress(testnetP2tr, 'mainnet')).toMatchObject({ ok: false, message: expect.stringContaining('is a Bitcoin testnet4 address') });
    // bcrt1 starts with "bc" but is regtest, never mainnet.
    expect(checkBitcoinAddress(regtestP2tr, 'mainnet')).toMatchObject({ ok: false, message: expect.stringContaining('is a Bitcoin regtest address') });
  });

  it('refuses bad checksums, mixed case, legacy and garbage with the expected prefix in the message', () => {
    const invalid = 'Invalid Bitcoin address: expected a Bitcoin testnet4 address starting with tb1';
    for (const address of [
      `${testnetP2tr.slice(0, -1)}q`, // checksum
      'tb1ppyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyys0293yf', // v1 with a bech32 (not bech32m) checksum
      'tb1qqurswpc8qurswpc8qurswpc8qurswpc86njw6a', // v0 with a bech32m checksum
      'tb1Ppyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyys6k4apt', // mixed case
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', // legacy testnet
      'hello',
    ])
      expect(checkBitcoinAddress(address, 'testnet4')).toEqual({ ok: false, message: invalid });
    expect(checkBitcoinAddress('  ', 'testnet4')).toEqual({ ok: false, message: 'Bitcoin address is required' });
  });

  it('refuses future witness versions as unsupported', () => {
    expect(checkBitcoinAddress('tb1zpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjtvj0q', 'testnet4')).toMatchObject({
      ok: false,
      message: expect.stringContaining('Unsupported Bitcoin address type'),
    });
    expect(isBitcoinAddress(testnetP2tr, 'testnet4')).toBe(true);
  });
});
