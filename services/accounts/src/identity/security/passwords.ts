import bcrypt from 'bcryptjs';

const ROUNDS = 10;

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, ROUNDS);

let dummy: Promise<string> | undefined;
export const warmPasswordCheck = () => {
  dummy ??= bcrypt.hash('kassa-no-such-user', ROUNDS);
};

/**
 * Checks a password; for an unknown user (no hash) it still runs one bcrypt comparison against a throw-away hash,
 * so "no such user" and "wrong password" take about the same time.
 */
export async function checkPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    warmPasswordCheck();
    await bcrypt.compare(password, await (dummy as Promise<string>));
    return false;
  }
  return bcrypt.compare(password, hash);
}
