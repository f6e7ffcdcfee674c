import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hex } from '@scure/base';
import { schnorr } from '@noble/curves/secp256k1.js';
import { deriveVault, descriptorChecksum, parseVaultDescriptor, scriptNumberPush, vaultBalance, VaultError, VAULT_INTERNAL_KEY, type VaultKeys } from './bitcoin-vault.ts';

/** A real x-only key from 32 random bytes (retrying the rare bytes that are no secret key). */
const xOnly = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((bytes) => {
    try {
      schnorr.getPublicKey(bytes);
      return true;
    } catch {
      return false;
    }
  })
  .map((bytes) => hex.encode(schnorr.getPublicKey(bytes)));
const csv = fc.integer({ min: 1, max: 0xffff });
const keysArb = fc.record({ bidderKey: xOnly, gavelKey: xOnly, csvBlocks: csv }).filter((k) => k.bidderKey !== k.gavelKey);

describe('the vault address', () => {
  it('is the same every time for the same bidder, Gavel key and delay', () => {
    fc.assert(
      fc.property(keysArb, (keys) => {
        const a = deriveVault(keys, 'testnet4');
        const b = deriveVault({ ...keys }, 'testnet4');
        expect(a.address).toBe(b.address);
        expect(a.address.startsWith('tb1p')).toBe(true);
        expect(hex.encode(a.cooperative.controlBlock)).toBe(hex.encode(b.cooperative.controlBlock));
      }),
      { numRuns: 40 },
    );
  });

  it('differs between bidders, between Gavel key versions and between delays', () => {
    fc.assert(
      fc.property(keysArb, xOnly, csv, (keys, other, otherCsv) => {
        const base = deriveVault(keys, 'regtest').address;
        if (other !== keys.bidderKey && other !== keys.gavelKey) {
          expect(deriveVault({ ...keys, bidderKey: other }, 'regtest').address).not.toBe(base);
          expect(deriveVault({ ...keys, gavelKey: other }, 'regtest').address).not.toBe(base);
        }
        if (otherCsv !== keys.csvBlocks) expect(deriveVault({ ...keys, csvBlocks: otherCsv }, 'regtest').address).not.toBe(base);
      }),
      { numRuns: 40 },
    );
  });

  it('round-trips through its descriptor', () => {
    fc.assert(
      fc.property(keysArb, (keys: VaultKeys) => {
        const vault = deriveVault(keys, 'mainnet');
        expect(parseVaultDescriptor(vault.descriptor)).toEqual(keys);
        expect(deriveVault(parseVaultDescriptor(vault.descriptor), 'mainnet').address).toBe(vault.address);
      }),
      { numRuns: 40 },
    );
  });

  it('has the two leaves of the spec, with the NUMS internal key in each control block', () => {
    const keys = { bidderKey: 'f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9', gavelKey: 'dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659', csvBlocks: 4320 };
    const vault = deriveVault(keys, 'testnet4');
    expect(hex.encode(vault.cooperative.script)).toBe(`20${keys.bidderKey}ad20${keys.gavelKey}ac`);
    expect(hex.encode(vault.exit.script)).toBe(`20${keys.bidderKey}ad02e010b2`);
    for (const leaf of [vault.cooperative, vault.exit]) {
      expect(leaf.controlBlock.length).toBe(65);
      expect(leaf.controlBlock[0]! & 0xfe).toBe(0xc0);
      expect(hex.encode(leaf.controlBlock.subarray(1, 33))).toBe(VAULT_INTERNAL_KEY);
    }
    // Each leaf's control block names the other leaf's hash as its one sibling.
    expect(hex.encode(vault.cooperative.controlBlock.subarray(33))).toBe(hex.encode(vault.exit.leafHash));
    expect(vault.descriptor).toBe(`tr(${VAULT_INTERNAL_KEY},{and_v(v:pk(${keys.bidderKey}),pk(${keys.gavelKey})),and_v(v:pk(${keys.bidderKey}),older(4320))})#wgwxg2vk`);
  });

  it('refuses a changed descriptor, a wrong checksum, equal keys and delays outside BIP68 blocks', () => {
    const keys = { bidderKey: 'f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9', gavelKey: 'dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659', csvBlocks: 144 };
    const { descriptor } = deriveVault(keys, 'testnet4');
    expect(() => parseVaultDescriptor(descriptor.replace('older(144)', 'older(145)'))).toThrow(VaultError);
    expect(() => parseVaultDescriptor(descriptor.replace(/#.*/, '#qqqqqqqq'))).toThrow(VaultError);
    expect(() => parseVaultDescriptor(descriptor.replace(VAULT_INTERNAL_KEY, keys.gavelKey))).toThrow(VaultError);
    expect(() => deriveVault({ ...keys, gavelKey: keys.bidderKey }, 'testnet4')).toThrow(VaultError);
    for (const n of [0, 65_536, 1.5]) expect(() => deriveVault({ ...keys, csvBlocks: n }, 'testnet4')).toThrow(VaultError);
  });

  it("computes BIP380's checksum and minimal script numbers", () => {
    expect(descriptorChecksum('raw(deadbeef)')).toBe('89f8spxm');
    expect(hex.encode(scriptNumberPush(16))).toBe('60');
    expect(hex.encode(scriptNumberPush(128))).toBe('028000');
    expect(hex.encode(scriptNumberPush(4320))).toBe('02e010');
  });
});

describe('the vault balance', () => {
  const rules = { tipHeight: 1000, csvBlocks: 4320, confirmations: 1, refreshBlocks: 144, committed: new Set<string>(), now: Date.parse('2026-12-01T00:00:00Z') };
  const out = (vout: number, value: number, blockHeight: number | null) => ({ txid: 'aa'.repeat(32), vout, value, blockHeight });

  it('counts confirmed outputs only, and only until the refresh margin before their exit', () => {
    const balance = vaultBalance([out(0, 10_000, 1000), out(1, 5_000, null), out(2, 7_000, 1000 - 4320 + 100), out(3, 3_000, 1000 - 4320)], rules);
    expect(balance).toMatchObject({ confirmed: 10_000, free: 10_000, committed: 0, pending: 5_000 });
    expect(balance.outputs.map((o) => o.state)).toEqual(['free', 'unconfirmed', 'expiring', 'exitable']);
    expect(balance.outputs[0]).toMatchObject({ confirmations: 1, exitHeight: 5320, exitAt: new Date(rules.now + 4320 * 600_000).toISOString() });
    expect(balance.exitAt).toBe(balance.outputs[0]!.exitAt);
  });

  it('needs the configured confirmations, and keeps committed outputs out of the free balance', () => {
    const two = vaultBalance([out(0, 10_000, 1000), out(1, 4_000, 990)], { ...rules, confirmations: 2, committed: new Set([`${'aa'.repeat(32)}:1`]) });
    expect(two).toMatchObject({ confirmed: 4_000, committed: 4_000, free: 0, pending: 10_000 });
  });

  it('never counts more than the outputs hold, whatever their heights', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ value: fc.integer({ min: 330, max: 1e8 }), height: fc.option(fc.integer({ min: 0, max: 1000 })) }), { maxLength: 12 }), (items) => {
        const balance = vaultBalance(
          items.map((item, vout) => out(vout, item.value, item.height)),
          rules,
        );
        const total = items.reduce((s, i) => s + i.value, 0);
        expect(balance.free + balance.committed).toBe(balance.confirmed);
        expect(balance.confirmed + balance.pending).toBeLessThanOrEqual(total);
      }),
    );
  });
});
