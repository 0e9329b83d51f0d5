import { randomInt } from 'node:crypto';
import { attemptLimit, codeMismatch, expiredCode } from './errors';
import type { CodePurpose, PendingCode, StoredUser } from './model';
import type { Outbox } from './outbox';
import { deliveryDetails } from './user-views';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CODE_LIFETIME: Record<CodePurpose, number> = {
  'sign-up': 24 * HOUR,
  'forgot-password': HOUR,
  'verify-phone_number': HOUR,
  'verify-email': HOUR,
};
/** Wrong or expired codes a user may enter within the window before every code is refused for a while. */
const FAILED_CODE_WINDOW = 15 * MINUTE;
const FAILED_CODE_LIMIT = 5;

/** The 6-digit confirmation, reset and verification codes: sent, kept on the user, checked once. */
export class Codes {
  constructor(
    private readonly outbox: Outbox,
    private readonly now: () => number,
    private readonly save: () => void,
  ) {}

  /** Creates a code for `purpose`, delivers it, keeps it on the user and returns Cognito's delivery details. */
  send(user: StoredUser, purpose: CodePurpose, attribute = 'phone_number') {
    const destination = user.attributes[attribute] ?? user.username;
    const code = this.create(destination, purpose);
    user.codes[purpose] = { code, expiresAt: this.now() + CODE_LIFETIME[purpose], destination };
    this.save();
    return deliveryDetails(user, attribute);
  }

  /** A fresh code, delivered to `destination`; the caller keeps it where it will be checked. */
  create(destination: string, purpose: string): string {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.outbox.deliver(destination, code, purpose);
    return code;
  }

  /** Checks and consumes a code; wrong and expired codes count towards throttling. Returns what was consumed. */
  consume(user: StoredUser, purpose: CodePurpose, code: unknown): PendingCode {
    const since = this.now() - FAILED_CODE_WINDOW;
    user.failedCodes = user.failedCodes.filter((time) => time > since);
    if (user.failedCodes.length >= FAILED_CODE_LIMIT) throw attemptLimit('LimitExceededException');
    const pending = user.codes[purpose];
    if (!pending || typeof code !== 'string' || pending.code !== code.trim()) {
      this.recordFailure(user);
      throw codeMismatch();
    }
    if (pending.expiresAt <= this.now()) {
      this.recordFailure(user);
      throw expiredCode();
    }
    delete user.codes[purpose];
    user.failedCodes = [];
    return pending;
  }

  private recordFailure(user: StoredUser): void {
    user.failedCodes = [...user.failedCodes, this.now()];
    this.save();
  }
}
