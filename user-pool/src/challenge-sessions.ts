import { randomBytes } from 'node:crypto';
import { CognitoError } from './errors';

const SESSION_LIFETIME = 3 * 60_000;

/** A sign-in (or sign-up) between two steps: the `Session` a client sends back with its answer to the challenge. */
export interface ChallengeSession {
  username: string;
  clientId: string;
  challenge: string;
  expiresAt: number;
  authTime: number;
  /** The SMS_MFA code sent for this session. */
  code?: string;
  /** Set when VerifySoftwareToken succeeded during MFA_SETUP. */
  totpVerified?: boolean;
}

/** Open challenge sessions by id, in memory: each lives three minutes. */
export class ChallengeSessions extends Map<string, ChallengeSession> {
  constructor(private readonly now: () => number) {
    super();
  }

  open(session: Omit<ChallengeSession, 'expiresAt'>): string {
    const id = randomBytes(64).toString('base64');
    this.set(id, { ...session, expiresAt: this.now() + SESSION_LIFETIME });
    return id;
  }

  /** The session `id` names, when it is open and waits for `challenge`; it stays open until the caller ends it. */
  take(id: unknown, challenge: string): ChallengeSession {
    const session = typeof id === 'string' ? this.get(id) : undefined;
    if (!session || session.challenge !== challenge) {
      throw new CognitoError('NotAuthorizedException', 'Invalid session for the user.');
    }
    if (session.expiresAt <= this.now()) {
      this.delete(String(id));
      throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    }
    return session;
  }

  sweep(now: number): void {
    for (const [id, session] of this) if (session.expiresAt <= now) this.delete(id);
  }
}
