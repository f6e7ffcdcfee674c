import { describe, expect, it } from 'vitest';
import { verifyBip322 } from './bip322.ts';

// The test vectors of BIP-322 itself (private key L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK): an
// independent check of the virtual transactions, the tagged message hash and the witness decoding.
const ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
const EMPTY = 'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=';
const HELLO = 'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=';
const TAPROOT = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3';
const TAPROOT_HELLO = 'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==';

describe('BIP-322 simple verification', () => {
  it('accepts the BIP vectors for p2wpkh and p2tr', () => {
    expect(verifyBip322(ADDRESS, '', EMPTY, 'mainnet')).toBe(true);
    expect(verifyBip322(ADDRESS, 'Hello World', HELLO, 'mainnet')).toBe(true);
    expect(verifyBip322(TAPROOT, 'Hello World', TAPROOT_HELLO, 'mainnet')).toBe(true);
  });

  it('refuses another message, another address, another network and garbage', () => {
    expect(verifyBip322(ADDRESS, 'Hello World', EMPTY, 'mainnet')).toBe(false);
    expect(verifyBip322(TAPROOT, 'Hello World', HELLO, 'mainnet')).toBe(false);
    expect(verifyBip322(ADDRESS, 'Hello World', HELLO, 'testnet4')).toBe(false);
    expect(verifyBip322(ADDRESS, 'Hello World', 'not base64!', 'mainnet')).toBe(false);
    expect(verifyBip322(ADDRESS, 'Hello World', 'AA==', 'mainnet')).toBe(false);
  });
});
