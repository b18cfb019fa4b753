import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** How passwords are hashed and checked: better-auth's `emailAndPassword.password`. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/** better-auth's scrypt parameters: its cost N (CPU and memory), block size r, parallelism p. */
export const SCRYPT_COST = 16_384;
const BLOCK_SIZE = 16;
const KEY_BYTES = 64;

/**
 * scrypt in better-auth's own format (`salt:key` in hex, the password NFKC-normalised), at the
 * cost given: the app uses better-auth's own hashing (SCRYPT_COST, about 170 ms of a core per
 * hash here); the server tests, which sign up and in some thousands of times, build the app with
 * a lower cost. The cost is not written in the hash: a hash only verifies at the cost it was made with.
 */
export function scryptHashing(cost: number): PasswordHashing {
  if (!Number.isInteger(Math.log2(cost)) || cost < 2) {
    throw new Error(`The scrypt cost must be a power of two, not ${cost}`);
  }
  const derive = (password: string, salt: string) =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(
        password.normalize('NFKC'),
        salt,
        KEY_BYTES,
        { N: cost, r: BLOCK_SIZE, p: 1, maxmem: 256 * cost * BLOCK_SIZE },
        (error, key) => (error ? reject(error) : resolve(key)),
      ),
    );
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await derive(password, salt)).toString('hex')}`;
    },
    async verify({ hash, password }) {
      const [salt, key] = hash.split(':');
      if (!salt || !key) throw new Error('Invalid password hash');
      const expected = Buffer.from(key, 'hex');
      const actual = await derive(password, salt);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
