import { hash, verify } from '@node-rs/argon2';
import { Counter } from 'prom-client';

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB memory, 2 iterations, 1 lane. */
/** `algorithm: 2` is Argon2id (the package exports it as a const enum, which isolated modules cannot read). */
export const ARGON2_PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const checks = new Counter({
  name: 'parley_identity_password_checks_total',
  help: "argon2id verifications run, against an account's hash or (no such account) against the dummy hash of the same cost",
  labelNames: ['against'] as const,
});

export class PasswordHasher {
  /** A real hash of a random secret with the same parameters: verifying against it costs what a real check costs. */
  readonly dummy: Promise<string> = hash(`dummy-${Math.random()}-${Date.now()}`, ARGON2_PARAMS);

  hash(password: string): Promise<string> {
    return hash(password.normalize('NFC'), ARGON2_PARAMS);
  }

  async verify(
    passwordHash: string,
    password: string,
    against: 'account' | 'nothing' = 'account',
  ): Promise<boolean> {
    checks.inc({ against });
    try {
      return await verify(passwordHash, password.normalize('NFC'));
    } catch {
      return false;
    }
  }

  /** Spend the same time as a real check when there is no account, so the answer time tells nothing. */
  async verifyAgainstNothing(password: string): Promise<false> {
    await this.verify(await this.dummy, password, 'nothing');
    return false;
  }
}
