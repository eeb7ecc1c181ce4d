import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id at the OWASP minimum (19 MiB, t=2, p=1). @node-rs/argon2 runs on libuv's thread pool,
 * so hashing never blocks the event loop.
 */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real verification, so unknown emails are not revealed by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-Password-1');
  await verifyPassword(await dummyHash, password);
  return false;
}
