import { hash, verify, type Options } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): ~30 ms here, cheap enough for login bursts.
// `Algorithm` is a const enum, which isolatedModules cannot import: 2 is Algorithm.Argon2id.
const ARGON2ID = 2 as NonNullable<Options['algorithm']>;
const options: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
