export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED';

export type CodePurpose = 'sign-up' | 'forgot-password' | 'verify-phone_number' | 'verify-email';

export interface PendingCode {
  code: string;
  expiresAt: number;
  /** Where the code was sent: entering it proves this phone number (or email address). */
  destination?: string;
}

export interface StoredUser {
  username: string;
  sub: string;
  status: UserStatus;
  enabled: boolean;
  attributes: Record<string, string>;
  /** SRP salt (padded hex) and verifier (hex): what USER_SRP_AUTH checks. */
  srp: { salt: string; verifier: string };
  /** scrypt hash for USER_PASSWORD_AUTH: `salt:hash`, both hex. */
  passwordHash: string;
  createdAt: number;
  updatedAt: number;
  codes: Partial<Record<CodePurpose, PendingCode>>;
  /**
   * The phone number proven when the user was confirmed: the sign-up code's destination, or the number an operator
   * gave with AdminCreateUser / AdminConfirmSignUp. Unlike `attributes.phone_number` the user cannot change it, so
   * USER_POOL_ADMINS is matched against it alone. Absent in data files written before it existed.
   */
  confirmedPhone?: string;
  /** Names of the groups the user belongs to; only operators change it (AdminAddUserToGroup and friends). */
  groups?: string[];
  /** Times of recent failed codes, for throttling (failed sign-ins are counted in memory, per address). */
  failedCodes: number[];
  /** Addresses the user signed in from lately, newest first: failures from elsewhere never lock them out. */
  usualAddresses?: string[];
  mfa: {
    smsEnabled: boolean;
    totpEnabled: boolean;
    preferred?: 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';
    totpSecret?: string;
    pendingTotpSecret?: string;
  };
}

interface RefreshTokenRecord {
  username: string;
  clientId: string;
  /** The token family: every access and ID token minted from this sign-in carries it as `origin_jti`. */
  originJti: string;
  authTime: number;
  expiresAt: number;
}

export interface OutboxEntry {
  phone: string;
  code: string;
  purpose: string;
  createdAt: string;
}

export interface StoredGroup {
  name: string;
  description?: string;
  precedence?: number;
  roleArn?: string;
  createdAt: number;
  updatedAt: number;
}

/**
 * Every collection keyed by a name a caller chooses (user names, group names, tokens) is a Map: a key such as
 * `__proto__` or `constructor` is then an ordinary key, never a property of Object.prototype.
 */
export interface PoolState {
  users: Map<string, StoredUser>;
  groups: Map<string, StoredGroup>;
  refreshTokens: Map<string, RefreshTokenRecord>;
  /** Revoked token families (origin_jti) with the time after which every token of theirs has expired anyway. */
  revokedFamilies: Map<string, number>;
  outbox: OutboxEntry[];
}

export const emptyState = (): PoolState => ({
  users: new Map(),
  groups: new Map(),
  refreshTokens: new Map(),
  revokedFamilies: new Map(),
  outbox: [],
});
