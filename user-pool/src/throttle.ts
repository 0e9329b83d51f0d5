import { attemptLimit } from './errors';

const MINUTE = 60_000;

/** Wrong passwords (or MFA codes) that lock a (user, address) pair, within this window: Cognito's five in 15 minutes. */
export const FAILURE_LIMIT = 5;
const FAILURE_WINDOW = 15 * MINUTE;

/** Sign-in attempts of one user from one address: a burst, then one every `refillMs`. */
export const USER_RATE = { burst: 10, refillMs: 2_000 };
/** Sign-in attempts from one address for users it has never signed in (password spraying, unknown names). */
export const ADDRESS_RATE = { burst: 60, refillMs: 500 };

/** How many addresses a user's successful sign-ins are remembered from. */
export const USUAL_ADDRESSES = 5;

/** Failures from every address the user has not signed in from share one count. */
const ELSEWHERE = '*';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Sign-in throttling, in memory. Failures are counted per user and address, where the address is either one the user
 * signed in from before (each its own count) or "elsewhere" (one count for every other address). So guesses from
 * elsewhere lock out elsewhere, never the owner's usual address; guesses from a usual address lock only it. Attempts
 * are rate-limited per user and address (one account cannot take the pool's hashing for itself) and, for pairs that
 * are not usual, per address.
 */
export class SignInThrottle {
  /** user name → "address" (a usual one, or `*` for elsewhere) → times of recent failures. */
  private readonly failures = new Map<string, Map<string, number[]>>();
  private readonly buckets = new Map<string, Bucket>();

  /** `addressRate`, `userRate`: ADDRESS_RATE and USER_RATE, or larger bursts where every client shares one address and
   *  signs the same users in again and again (a test stack). */
  constructor(
    private readonly now: () => number,
    private readonly addressRate: typeof ADDRESS_RATE = ADDRESS_RATE,
    private readonly userRate: typeof USER_RATE = USER_RATE,
  ) {}

  /** Throws TooManyRequestsException when this attempt may not be evaluated; otherwise counts it. */
  admit(username: string, address: string, usual: boolean): void {
    this.assertNotLocked(username, address, usual);
    // The per-address budget first checks, the user's is then taken: one account's flood cannot use up the address.
    const pair = JSON.stringify(['user', username, address]);
    if (!this.available(pair, this.userRate)) throw attemptLimit('TooManyRequestsException');
    if (!usual && !this.take(JSON.stringify(['address', address]), this.addressRate))
      throw attemptLimit('TooManyRequestsException');
    this.take(pair, this.userRate);
  }

  /** Throws TooManyRequestsException when the user's failures lock this address out. */
  assertNotLocked(username: string, address: string, usual: boolean): void {
    if (this.failuresOf(username, address, usual).length >= FAILURE_LIMIT)
      throw attemptLimit('TooManyRequestsException');
  }

  /** An attempt for a name the pool does not know: counted against the address alone. */
  admitUnknown(address: string): void {
    if (!this.take(JSON.stringify(['address', address]), this.addressRate))
      throw attemptLimit('TooManyRequestsException');
  }

  /** Records a wrong password; returns how many there were in the window for this user and address. */
  recordFailure(username: string, address: string, usual: boolean): number {
    const ofUser = this.failures.get(username) ?? new Map<string, number[]>();
    const key = usual ? address : ELSEWHERE;
    const times = [...this.recent(ofUser.get(key)), this.now()];
    ofUser.set(key, times);
    this.failures.set(username, ofUser);
    return times.length;
  }

  /** The right password: failures of this user from this address (or from elsewhere) are forgotten. */
  recordSuccess(username: string, address: string, usual: boolean): void {
    this.failures.get(username)?.delete(usual ? address : ELSEWHERE);
  }

  /** A new password (reset by code): every failure of the user is forgotten. */
  forgetUser(username: string): void {
    this.failures.delete(username);
  }

  /** Forgets what no longer counts, so that the maps do not grow with every name and address ever seen. */
  sweep(): void {
    for (const [username, ofUser] of this.failures) {
      for (const [key, times] of ofUser) {
        const recent = this.recent(times);
        if (recent.length === 0) ofUser.delete(key);
        else ofUser.set(key, recent);
      }
      if (ofUser.size === 0) this.failures.delete(username);
    }
    for (const [key, bucket] of this.buckets) {
      const rate = key.startsWith('["address"') ? this.addressRate : this.userRate;
      if (this.refilled(bucket, rate) >= rate.burst) this.buckets.delete(key);
    }
  }

  private failuresOf(username: string, address: string, usual: boolean): number[] {
    return this.recent(this.failures.get(username)?.get(usual ? address : ELSEWHERE));
  }

  private recent(times: number[] | undefined): number[] {
    const since = this.now() - FAILURE_WINDOW;
    return (times ?? []).filter((time) => time > since);
  }

  private refilled(bucket: Bucket | undefined, rate: typeof USER_RATE): number {
    if (!bucket) return rate.burst;
    return Math.min(rate.burst, bucket.tokens + (this.now() - bucket.at) / rate.refillMs);
  }

  private available(key: string, rate: typeof USER_RATE): boolean {
    return this.refilled(this.buckets.get(key), rate) >= 1;
  }

  private take(key: string, rate: typeof USER_RATE): boolean {
    const tokens = this.refilled(this.buckets.get(key), rate);
    if (tokens < 1) return false;
    this.buckets.set(key, { tokens: tokens - 1, at: this.now() });
    return true;
  }
}
