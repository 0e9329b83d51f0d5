import type { StoredUser } from './model';
import { type SignInThrottle, USUAL_ADDRESSES } from './throttle';

/**
 * Sign-in throttling for known users: the throttle counts per (user, address), where the addresses a user signed in
 * from before are usual ones that failures from elsewhere never lock.
 */
export class SignInGuard {
  constructor(
    private readonly throttle: SignInThrottle,
    private readonly save: () => void,
  ) {}

  /** Whether `user` has signed in from `address` before: failures from elsewhere never lock it. */
  isUsualAddress(user: StoredUser, address: string): boolean {
    return (user.usualAddresses ?? []).includes(address);
  }

  /** Before a password is checked: TooManyRequestsException when this user or address is throttled. */
  admit(user: StoredUser, address: string): void {
    this.throttle.admit(user.username, address, this.isUsualAddress(user, address));
  }

  /** A sign-in for a user that does not exist (or is disabled): it counts against the address alone. */
  admitUnknown(address: string): void {
    this.throttle.admitUnknown(address);
  }

  /** Before an SRP proof is checked: the sign-in was admitted when it started, but may have been locked since. */
  assertNotLocked(user: StoredUser, address: string): void {
    this.throttle.assertNotLocked(user.username, address, this.isUsualAddress(user, address));
  }

  /** A wrong password or MFA code; returns the failures so far for this user and address. */
  recordFailure(user: StoredUser, address: string): number {
    return this.throttle.recordFailure(user.username, address, this.isUsualAddress(user, address));
  }

  /** The right password: its address becomes a usual one (newest first), and its failures are forgotten. */
  recordSuccess(user: StoredUser, address: string): void {
    this.throttle.recordSuccess(user.username, address, this.isUsualAddress(user, address));
    const usual = user.usualAddresses ?? [];
    if (usual[0] === address) return;
    user.usualAddresses = [address, ...usual.filter((other) => other !== address)].slice(0, USUAL_ADDRESSES);
    this.save();
  }

  /** A new password: the failures counted against the old one no longer lock the user. */
  forget(user: StoredUser): void {
    this.throttle.forgetUser(user.username);
  }

  sweep(): void {
    this.throttle.sweep();
  }
}
