export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED';

export type CodePurpose = 'sign-up' | 'forgot-password' | 'verify-phone_number' | 'verify-email';

export interface PendingCode {
  code: string;
  expiresAt: number;
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
  /** Times of recent failed sign-ins and failed codes, for throttling. */
  failedSignIns: number[];
  failedCodes: number[];
  mfa: {
    smsEnabled: boolean;
    totpEnabled: boolean;
    preferred?: 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';
    totpSecret?: string;
    pendingTotpSecret?: string;
  };
}

export interface RefreshTokenRecord {
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

export interface PoolState {
  users: Record<string, StoredUser>;
  refreshTokens: Record<string, RefreshTokenRecord>;
  /** Revoked token families (origin_jti) with the time after which every token of theirs has expired anyway. */
  revokedFamilies: Record<string, number>;
  outbox: OutboxEntry[];
}

export const emptyState = (): PoolState => ({ users: {}, refreshTokens: {}, revokedFamilies: {}, outbox: [] });
