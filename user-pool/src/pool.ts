import { randomBytes, randomInt, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { attemptLimit, CognitoError, codeMismatch, expiredCode, invalidAccessToken, invalidParameter } from './errors';
import { ADMINS_GROUP, groupNamesOf, joinGroup } from './groups';
import type { CodePurpose, PendingCode, StoredGroup, StoredUser } from './model';
import { createVerifier } from './srp';
import type { Store } from './store';
import { ADDRESS_RATE, SignInThrottle, USER_RATE, USUAL_ADDRESSES } from './throttle';
import {
  type AccessClaims,
  issueTokens,
  newRefreshToken,
  readAccessToken,
  REFRESH_TOKEN_MS,
  type SigningKeys,
} from './tokens';

export type MfaMode = 'OFF' | 'OPTIONAL' | 'ON';

export interface PoolConfig {
  poolId: string;
  clientIds: string[];
  issuer: string;
  mfa: MfaMode;
  /** USER_POOL_ADMINS: E.164 numbers whose users join `admins` once confirmed with that number. */
  admins: string[];
  /** Origins of the pages that may call the pool from a browser (USER_POOL_ALLOWED_ORIGINS). */
  allowedOrigins: ReadonlySet<string>;
  /** Host names besides `localhost` and loopback addresses that requests may name in Host: the public URL's. */
  ownHostnames: ReadonlySet<string>;
  /** USER_POOL_ADDRESS_SIGN_IN_BURST: sign-ins one address may start for users it never signed in, before 2 a second. */
  addressSignInBurst?: number;
  /** USER_POOL_USER_SIGN_IN_BURST: sign-ins of one user from one address before 1 every 2 s. */
  userSignInBurst?: number;
  now: () => number;
  log: (line: string) => void;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CODE_LIFETIME: Record<CodePurpose | 'sign-in', number> = {
  'sign-up': 24 * HOUR,
  'forgot-password': HOUR,
  'verify-phone_number': HOUR,
  'verify-email': HOUR,
  'sign-in': 3 * MINUTE,
};
const THROTTLE_WINDOW = 15 * MINUTE;
const THROTTLE_LIMIT = 5;
/** Refresh tokens (sign-ins) kept per user: a newer sign-in beyond them ends the oldest. */
export const REFRESH_TOKENS_PER_USER = 20;

// On libuv's thread pool: hashing never holds up the event loop, and so every other request.
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const SESSION_LIFETIME = 3 * MINUTE;
const OUTBOX_LIMIT = 500;
/** Started SRP sign-ins kept at once, per user and in all: beyond, the oldest is forgotten (its proof then fails). */
export const SRP_PENDING_PER_USER = 10;
export const SRP_PENDING_LIMIT = 10_000;

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

export interface SrpPending {
  username: string;
  clientId: string;
  A: bigint;
  B: bigint;
  b: bigint;
  expiresAt: number;
}

export interface AuthenticationResult {
  AuthenticationResult?: {
    IdToken: string;
    AccessToken: string;
    RefreshToken?: string;
    ExpiresIn: number;
    TokenType: 'Bearer';
  };
  ChallengeName?: string;
  ChallengeParameters?: Record<string, string>;
  Session?: string;
}

/** Everything the operations share: users, codes, sessions, throttling and token minting. */
export class UserPool {
  readonly poolName: string;
  readonly sessions = new Map<string, ChallengeSession>();
  readonly srpPending = new Map<string, SrpPending>();
  readonly throttle: SignInThrottle;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    readonly config: PoolConfig,
    readonly store: Store,
    readonly keys: SigningKeys,
  ) {
    this.poolName = config.poolId.split('_')[1] ?? config.poolId;
    this.throttle = new SignInThrottle(
      () => this.now(),
      { ...ADDRESS_RATE, burst: config.addressSignInBurst ?? ADDRESS_RATE.burst },
      { ...USER_RATE, burst: config.userSignInBurst ?? USER_RATE.burst },
    );
  }

  now(): number {
    return this.config.now();
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

  /** Keeps a started SRP sign-in, within the per-user and overall bounds. */
  addSrpPending(secretBlock: string, pending: SrpPending): void {
    const ofUser = [...this.srpPending].filter(([, other]) => other.username === pending.username);
    for (const [id] of ofUser.slice(0, Math.max(ofUser.length - SRP_PENDING_PER_USER + 1, 0))) {
      this.srpPending.delete(id);
    }
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const id of this.srpPending.keys()) {
      if (this.srpPending.size < SRP_PENDING_LIMIT) break;
      this.srpPending.delete(id);
    }
    this.srpPending.set(secretBlock, pending);
  }

  save(): void {
    this.store.save();
  }

  findUser(username: unknown): StoredUser | undefined {
    if (typeof username !== 'string' || username === '') return undefined;
    const users = this.store.state.users;
    return users.get(username) ?? [...users.values()].find((user) => user.sub === username);
  }

  // --- groups -------------------------------------------------------------------------------------

  /** Creates a group, or returns the one of that name (the admins group at start-up and on promotion). */
  ensureGroup(name: string, fields: Pick<StoredGroup, 'description' | 'precedence' | 'roleArn'> = {}): StoredGroup {
    const groups = this.store.state.groups;
    let group = groups.get(name);
    if (!group) {
      group = { name, ...fields, createdAt: this.now(), updatedAt: this.now() };
      groups.set(name, group);
    }
    return group;
  }

  groupNamesOf(user: StoredUser): string[] {
    return groupNamesOf(this.store.state, user);
  }

  /**
   * Records the phone number proven when `user` was confirmed and, when USER_POOL_ADMINS lists it, adds the user to
   * `admins`. Only this number counts: `phone_number` is an attribute the user may change later (DESIGN §5).
   */
  confirmPhone(user: StoredUser, phone: string | undefined): void {
    if (phone === undefined) return;
    // As with Cognito's aliases, a number stays with the account that confirmed it first: another account confirming
    // it later is confirmed, but does not hold the number, so a listed number never promotes a second account.
    const holder = this.holderOf(phone);
    if (holder && holder !== user) return;
    user.confirmedPhone = phone;
    this.promoteIfListed(user);
  }

  /** The confirmed account that holds `phone`; should several (older data files), the one created first. */
  private holderOf(phone: string): StoredUser | undefined {
    let holder: StoredUser | undefined;
    for (const candidate of this.store.state.users.values()) {
      if (candidate.confirmedPhone !== phone || candidate.status === 'UNCONFIRMED') continue;
      if (!holder || candidate.createdAt < holder.createdAt) holder = candidate;
    }
    return holder;
  }

  /** At start-up: the admins group exists, and every confirmed user whose confirmed number is listed is in it. */
  ensureAdmins(): void {
    this.ensureGroup(ADMINS_GROUP, { description: 'Bullpen administrators' });
    for (const user of this.store.state.users.values()) this.promoteIfListed(user);
    this.save();
  }

  private promoteIfListed(user: StoredUser): void {
    if (user.status === 'UNCONFIRMED' || user.confirmedPhone === undefined) return;
    if (!this.config.admins.includes(user.confirmedPhone)) return;
    if (this.holderOf(user.confirmedPhone) !== user) return;
    this.ensureGroup(ADMINS_GROUP, { description: 'Bullpen administrators' });
    joinGroup(user, ADMINS_GROUP);
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

  /** Password policy of SPEC §3: at least 8 characters, no character classes. */
  assertPasswordPolicy(password: unknown): asserts password is string {
    if (typeof password !== 'string') throw invalidParameter('Missing required parameter PASSWORD');
    if (password.length < 8) {
      throw new CognitoError(
        'InvalidPasswordException',
        'Password did not conform with policy: Password not long enough',
      );
    }
    if (password.length > 256) {
      throw new CognitoError('InvalidPasswordException', 'Password did not conform with policy: Password too long');
    }
  }

  /** Stores what proves the password (SRP salt and verifier, scrypt hash), never the password itself. */
  async setPassword(user: StoredUser, password: unknown): Promise<void> {
    this.assertPasswordPolicy(password);
    const salt = randomBytes(16);
    const hash = await scryptAsync(password, salt, 32);
    user.srp = createVerifier(this.poolName, user.username, password);
    user.passwordHash = `${salt.toString('hex')}:${hash.toString('hex')}`;
    user.updatedAt = this.now();
  }

  async passwordMatches(user: StoredUser, password: unknown): Promise<boolean> {
    if (typeof password !== 'string') return false;
    const [saltHex, hashHex] = user.passwordHash.split(':');
    if (!saltHex || !hashHex) return false;
    const expected = Buffer.from(hashHex, 'hex');
    return timingSafeEqual(await scryptAsync(password, Buffer.from(saltHex, 'hex'), expected.length), expected);
  }

  // --- throttling ---------------------------------------------------------------------------------

  private recent(times: number[]): number[] {
    const since = this.now() - THROTTLE_WINDOW;
    return times.filter((time) => time > since);
  }

  /** Whether `user` has signed in from `address` before: failures from elsewhere never lock it. */
  isUsualAddress(user: StoredUser, address: string): boolean {
    return (user.usualAddresses ?? []).includes(address);
  }

  /** Before a password is checked: TooManyRequestsException when this user or address is throttled. */
  admitSignIn(user: StoredUser, address: string): void {
    this.throttle.admit(user.username, address, this.isUsualAddress(user, address));
  }

  /** A wrong password or MFA code; returns the failures so far for this user and address. */
  recordFailedSignIn(user: StoredUser, address: string): number {
    return this.throttle.recordFailure(user.username, address, this.isUsualAddress(user, address));
  }

  /** The right password: its address becomes a usual one (newest first), and its failures are forgotten. */
  private recordSignIn(user: StoredUser, address: string): void {
    this.throttle.recordSuccess(user.username, address, this.isUsualAddress(user, address));
    const usual = user.usualAddresses ?? [];
    if (usual[0] === address) return;
    user.usualAddresses = [address, ...usual.filter((other) => other !== address)].slice(0, USUAL_ADDRESSES);
    this.save();
  }

  private assertCodeAllowed(user: StoredUser): void {
    user.failedCodes = this.recent(user.failedCodes);
    if (user.failedCodes.length >= THROTTLE_LIMIT) throw attemptLimit('LimitExceededException');
  }

  // --- codes --------------------------------------------------------------------------------------

  /** Creates a 6-digit code, "delivers" it to the log and the outbox, and returns Cognito's delivery details. */
  sendCode(user: StoredUser, purpose: CodePurpose, attribute = 'phone_number') {
    const destination = user.attributes[attribute] ?? user.username;
    const code = this.createCode(destination, purpose);
    user.codes[purpose] = { code, expiresAt: this.now() + CODE_LIFETIME[purpose], destination };
    this.save();
    return deliveryDetails(user, attribute);
  }

  createCode(destination: string, purpose: string): string {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.deliver(destination, code, purpose);
    return code;
  }

  deliver(destination: string, code: string, purpose: string): void {
    const outbox = this.store.state.outbox;
    outbox.unshift({ phone: destination, code, purpose, createdAt: new Date(this.now()).toISOString() });
    outbox.length = Math.min(outbox.length, OUTBOX_LIMIT);
    this.config.log(`[user-pool] code for ${destination}: ${code} (${purpose})`);
  }

  /** Checks and consumes a code; wrong and expired codes count towards throttling. Returns what was consumed. */
  consumeCode(user: StoredUser, purpose: CodePurpose, code: unknown): PendingCode {
    this.assertCodeAllowed(user);
    const pending = user.codes[purpose];
    if (!pending || typeof code !== 'string' || pending.code !== code.trim()) {
      user.failedCodes = [...user.failedCodes, this.now()];
      this.save();
      throw codeMismatch();
    }
    if (pending.expiresAt <= this.now()) {
      user.failedCodes = [...user.failedCodes, this.now()];
      this.save();
      throw expiredCode();
    }
    delete user.codes[purpose];
    user.failedCodes = [];
    return pending;
  }

  // --- sessions and tokens ------------------------------------------------------------------------

  openSession(session: Omit<ChallengeSession, 'expiresAt'>): string {
    const id = randomBytes(64).toString('base64');
    this.sessions.set(id, { ...session, expiresAt: this.now() + SESSION_LIFETIME });
    return id;
  }

  takeSession(id: unknown, challenge: string): ChallengeSession {
    const session = typeof id === 'string' ? this.sessions.get(id) : undefined;
    if (!session || session.challenge !== challenge) {
      throw new CognitoError('NotAuthorizedException', 'Invalid session for the user.');
    }
    if (session.expiresAt <= this.now()) {
      this.sessions.delete(String(id));
      throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    }
    return session;
  }

  /** After the password is proven: the forced password change, an MFA step, or tokens. */
  async afterPassword(user: StoredUser, clientId: string, address: string): Promise<AuthenticationResult> {
    const authTime = Math.floor(this.now() / 1000);
    this.recordSignIn(user, address);
    if (user.status === 'UNCONFIRMED') {
      throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
    }
    if (user.status === 'RESET_REQUIRED') {
      throw new CognitoError('PasswordResetRequiredException', 'Password reset required for the user');
    }
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      const { sub: _sub, ...attributes } = user.attributes;
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ChallengeParameters: {
          USER_ID_FOR_SRP: user.username,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify(attributes),
        },
        Session: this.openSession({ username: user.username, clientId, challenge: 'NEW_PASSWORD_REQUIRED', authTime }),
      };
    }
    return this.mfaOrTokens(user, clientId, authTime);
  }

  async mfaOrTokens(user: StoredUser, clientId: string, authTime: number): Promise<AuthenticationResult> {
    const mode = this.config.mfa;
    const totp = user.mfa.totpEnabled && Boolean(user.mfa.totpSecret);
    const sms = user.mfa.smsEnabled;
    if (mode !== 'OFF' && (totp || sms)) {
      const challenge =
        totp && sms ? (user.mfa.preferred ?? 'SELECT_MFA_TYPE') : totp ? 'SOFTWARE_TOKEN_MFA' : 'SMS_MFA';
      return this.mfaChallenge(user, clientId, authTime, challenge);
    }
    if (mode === 'ON') {
      return {
        ChallengeName: 'MFA_SETUP',
        ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: user.username },
        Session: this.openSession({ username: user.username, clientId, challenge: 'MFA_SETUP', authTime }),
      };
    }
    return this.mint(user, clientId, authTime);
  }

  mfaChallenge(user: StoredUser, clientId: string, authTime: number, challenge: string): AuthenticationResult {
    if (challenge === 'SELECT_MFA_TYPE') {
      return {
        ChallengeName: challenge,
        ChallengeParameters: { MFAS_CAN_CHOOSE: '["SMS_MFA","SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: user.username },
        Session: this.openSession({ username: user.username, clientId, challenge, authTime }),
      };
    }
    if (challenge === 'SMS_MFA') {
      const phone = user.attributes.phone_number ?? user.username;
      const code = this.createCode(phone, 'sign-in');
      this.save();
      return {
        ChallengeName: challenge,
        ChallengeParameters: {
          CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
          CODE_DELIVERY_DESTINATION: maskPhone(phone),
          USER_ID_FOR_SRP: user.username,
        },
        Session: this.openSession({ username: user.username, clientId, challenge, authTime, code }),
      };
    }
    this.save();
    return {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ChallengeParameters: { USER_ID_FOR_SRP: user.username },
      Session: this.openSession({ username: user.username, clientId, challenge: 'SOFTWARE_TOKEN_MFA', authTime }),
    };
  }

  /** Mints an ID and access token pair plus a new refresh token family. */
  async mint(user: StoredUser, clientId: string, authTime: number): Promise<AuthenticationResult> {
    const originJti = randomUUID();
    const RefreshToken = newRefreshToken();
    this.store.state.refreshTokens.set(RefreshToken, {
      username: user.username,
      clientId,
      originJti,
      authTime,
      expiresAt: this.now() + REFRESH_TOKEN_MS,
    });
    this.keepNewestRefreshTokens(user.username);
    this.sweep();
    this.save();
    const tokens = await this.signTokens(user, clientId, originJti, authTime);
    return { AuthenticationResult: { ...tokens, RefreshToken }, ChallengeParameters: {} };
  }

  /** Group membership is read now, so tokens from a sign-in or a refresh carry the groups of that moment. */
  signTokens(user: StoredUser, clientId: string, originJti: string, authTime: number) {
    return issueTokens({
      keys: this.keys,
      issuer: this.config.issuer,
      clientId,
      user,
      groups: this.groupNamesOf(user),
      originJti,
      authTime,
      nowMs: this.now(),
    });
  }

  /** The user behind a valid, unrevoked access token. */
  async userFromAccessToken(token: unknown): Promise<{ user: StoredUser; claims: AccessClaims }> {
    if (typeof token !== 'string') throw invalidParameter('Missing required parameter AccessToken');
    const claims = await readAccessToken(this.keys, this.config.issuer, token, this.now());
    if (!claims) throw invalidAccessToken();
    if (this.store.state.revokedFamilies.has(claims.origin_jti)) {
      throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
    }
    const user = this.findUser(claims.username);
    if (!user || user.sub !== claims.sub) throw new CognitoError('NotAuthorizedException', 'User does not exist.');
    return { user, claims };
  }

  revokeFamily(originJti: string): void {
    const state = this.store.state;
    state.revokedFamilies.set(originJti, this.now() + REFRESH_TOKEN_MS);
    for (const [token, record] of state.refreshTokens) {
      if (record.originJti === originJti) state.refreshTokens.delete(token);
    }
  }

  revokeAllOf(username: string): void {
    for (const record of [...this.store.state.refreshTokens.values()]) {
      if (record.username === username) this.revokeFamily(record.originJti);
    }
  }

  /** Removes a user and revokes every token of theirs. */
  deleteUser(username: string): void {
    this.revokeAllOf(username);
    this.store.state.users.delete(username);
    this.save();
  }

  /** Every sign-in adds a 30-day refresh token: a user keeps the newest few, so the store cannot grow with sign-ins. */
  private keepNewestRefreshTokens(username: string): void {
    const tokens = this.store.state.refreshTokens;
    // A Map iterates in insertion order: the user's first tokens are their oldest.
    const ofUser = [...tokens].filter(([, record]) => record.username === username);
    for (const [token] of ofUser.slice(0, Math.max(ofUser.length - REFRESH_TOKENS_PER_USER, 0))) tokens.delete(token);
  }

  sweep(): void {
    this.throttle.sweep();
    const now = this.now();
    const state = this.store.state;
    let changed = false;
    for (const [token, record] of state.refreshTokens) {
      if (record.expiresAt <= now) changed = state.refreshTokens.delete(token);
    }
    for (const [family, until] of state.revokedFamilies) {
      if (until <= now) changed = state.revokedFamilies.delete(family);
    }
    if (changed) this.save();
    for (const [id, session] of this.sessions) if (session.expiresAt <= now) this.sessions.delete(id);
    for (const [id, pending] of this.srpPending) if (pending.expiresAt <= now) this.srpPending.delete(id);
  }
}

export function maskPhone(phone: string): string {
  const visible = phone.slice(-4);
  return `+${'*'.repeat(Math.max(phone.length - 5, 0))}${visible}`;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export function deliveryDetails(user: StoredUser, attribute = 'phone_number') {
  const value = user.attributes[attribute] ?? user.username;
  return attribute === 'email'
    ? { Destination: maskEmail(value), DeliveryMedium: 'EMAIL', AttributeName: 'email' }
    : { Destination: maskPhone(value), DeliveryMedium: 'SMS', AttributeName: 'phone_number' };
}

export function attributeList(user: StoredUser): { Name: string; Value: string }[] {
  return [
    { Name: 'sub', Value: user.sub },
    ...Object.entries(user.attributes)
      .filter(([name]) => name !== 'sub')
      .map(([Name, Value]) => ({ Name, Value })),
  ];
}

export function mfaSettings(user: StoredUser) {
  const list = [...(user.mfa.smsEnabled ? ['SMS_MFA'] : []), ...(user.mfa.totpEnabled ? ['SOFTWARE_TOKEN_MFA'] : [])];
  return {
    ...(list.length > 0 ? { UserMFASettingList: list } : {}),
    ...(user.mfa.preferred ? { PreferredMfaSetting: user.mfa.preferred } : {}),
  };
}
