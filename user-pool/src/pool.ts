import { AdminNumbers } from './admins';
import { ChallengeSessions } from './challenge-sessions';
import { Codes } from './codes';
import type { PoolConfig } from './config';
import { CognitoError } from './errors';
import type { StoredUser } from './model';
import { Outbox } from './outbox';
import { setPassword } from './passwords';
import { SignInGuard } from './sign-in-guard';
import { SrpSignIns } from './srp-sign-ins';
import type { Store } from './store';
import { ADDRESS_RATE, SignInThrottle, USER_RATE } from './throttle';
import { type AuthenticationResult, TokenFamilies } from './token-families';
import type { SigningKeys } from './tokens';

/**
 * The pool the operations act on: its configuration and stored state, and the parts that each keep one thing (codes,
 * challenge sessions, started SRP sign-ins, sign-in throttling, token families, admin numbers), sharing its clock.
 */
export class UserPool {
  readonly poolName: string;
  readonly sessions: ChallengeSessions;
  readonly srpPending = new SrpSignIns();
  readonly signInGuard: SignInGuard;
  readonly outbox: Outbox;
  readonly codes: Codes;
  readonly tokens: TokenFamilies;
  readonly adminNumbers: AdminNumbers;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    readonly config: PoolConfig,
    readonly store: Store,
    readonly keys: SigningKeys,
  ) {
    const now = () => this.now();
    const save = () => this.save();
    this.poolName = config.poolId.split('_')[1] ?? config.poolId;
    this.sessions = new ChallengeSessions(now);
    this.signInGuard = new SignInGuard(
      new SignInThrottle(
        now,
        { ...ADDRESS_RATE, burst: config.addressSignInBurst ?? ADDRESS_RATE.burst },
        { ...USER_RATE, burst: config.userSignInBurst ?? USER_RATE.burst },
      ),
      save,
    );
    this.outbox = new Outbox(store.state.outbox, now, config.log);
    this.codes = new Codes(this.outbox, now, save);
    this.tokens = new TokenFamilies(
      store.state,
      keys,
      () => config.issuer,
      now,
      (username) => this.findUser(username),
    );
    this.adminNumbers = new AdminNumbers(store.state, config.admins, now);
  }

  now(): number {
    return this.config.now();
  }

  save(): void {
    this.store.save();
  }

  /**
   * Forgets expired sessions, SRP sign-ins, refresh tokens and revocations every `intervalMs`, so that what nobody
   * finishes does not stay in memory. Unref'd: it never keeps a process alive.
   */
  startSweeping(intervalMs: number): void {
    this.stopSweeping();
    this.sweeper = setInterval(() => this.sweep(), intervalMs);
    this.sweeper.unref();
  }

  stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  get sweeping(): { active: boolean; keepsProcessAlive: boolean } {
    return { active: this.sweeper !== undefined, keepsProcessAlive: this.sweeper?.hasRef() ?? false };
  }

  sweep(): void {
    this.signInGuard.sweep();
    const now = this.now();
    if (this.tokens.sweep(now)) this.save();
    this.sessions.sweep(now);
    this.srpPending.sweep(now);
  }

  /** At start-up: the admins group exists, and every listed confirmed user is in it. */
  ensureAdmins(): void {
    this.adminNumbers.promoteAll();
    this.save();
  }

  findUser(username: unknown): StoredUser | undefined {
    if (typeof username !== 'string' || username === '') return undefined;
    const users = this.store.state.users;
    return users.get(username) ?? [...users.values()].find((user) => user.sub === username);
  }

  /** Removes a user and revokes every token of theirs. */
  deleteUser(username: string): void {
    this.tokens.revokeAllOf(username);
    this.store.state.users.delete(username);
    this.save();
  }

  setPassword(user: StoredUser, password: unknown): Promise<void> {
    return setPassword(this.poolName, user, password, this.now());
  }

  /** A new token family for a finished sign-in; what has expired meanwhile is forgotten first. */
  mint(user: StoredUser, clientId: string, authTime: number): Promise<AuthenticationResult> {
    this.sweep();
    const minted = this.tokens.start(user, clientId, authTime);
    this.save();
    return minted;
  }

  checkClient(clientId: unknown): string {
    if (typeof clientId !== 'string' || !this.config.clientIds.includes(clientId)) {
      throw new CognitoError('ResourceNotFoundException', `User pool client ${String(clientId)} does not exist.`);
    }
    return clientId;
  }

  checkPoolId(poolId: unknown): void {
    if (poolId !== this.config.poolId) {
      throw new CognitoError('ResourceNotFoundException', `User pool ${String(poolId)} does not exist.`);
    }
  }
}
