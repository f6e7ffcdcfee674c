import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default cost: about 50 ms on these machines. */
export const hashPassword = (password: string) => hash(password);

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/** Compared against when the account does not exist, so sign-in takes as long either way. */
let decoy: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  decoy ??= hash('decoy-password-for-timing');
  await passwordMatches(await decoy, password);
}
