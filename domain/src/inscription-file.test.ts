import { describe, expect, it } from 'vitest';
import { INSCRIPTION_MAX_BYTES, inscriptionFeeRateSchema, inscriptionFileError } from './schemas/inscription.ts';

describe('the inscription file check', () => {
  it('takes the types ord renders by their base type, up to the size a standard reveal can carry', () => {
    expect(inscriptionFileError({ type: 'text/plain;charset=utf-8', size: 10 })).toBeNull();
    expect(inscriptionFileError({ type: 'IMAGE/PNG', size: INSCRIPTION_MAX_BYTES })).toBeNull();
    expect(inscriptionFileError({ type: 'image/png', size: INSCRIPTION_MAX_BYTES + 1 })).toEqual({ field: 'size', message: 'File Too Large' });
    expect(inscriptionFileError({ type: 'application/x-msdownload', size: 10 })).toEqual({ field: 'type', message: 'Invalid File' });
    expect(inscriptionFileError({ type: 'image/png', size: 0 })).toEqual({ field: 'type', message: 'Invalid File' });
  });

  it('takes whole fee rates from 1 to 1000 sat/vB', () => {
    expect(inscriptionFeeRateSchema.parse('12')).toBe(12);
    for (const bad of ['0', '1.5', '1001', 'fast']) expect(inscriptionFeeRateSchema.safeParse(bad).success).toBe(false);
  });
});
