import { randomUUID } from 'node:crypto';
import { CognitoError, invalidAccessToken, invalidParameter } from './errors';
import { groupNamesOf } from './groups';
import type { PoolState, StoredUser } from './model';
import {
  type AccessClaims,
  issueTokens,
  newRefreshToken,
  readAccessToken,
  REFRESH_TOKEN_MS,
  type SigningKeys,
} from './tokens';

/** Refresh tokens (sign-ins) kept per user: a newer sign-in beyond them ends the oldest. */
export const REFRESH_TOKENS_PER_USER = 20;

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

/**
 * Every sign-in starts a token family (`origin_jti`): one refresh token and the ID and access tokens minted from it.
 * Revoking a family ends all of them at once.
 */
export class TokenFamilies {
  constructor(
    private readonly state: PoolState,
    private readonly keys: SigningKeys,
    /** Known once the pool listens: its URL is part of it. */
    private readonly issuer: () => string,
    private readonly now: () => number,
    private readonly findUser: (username: string) => StoredUser | undefined,
  ) {}

  /** Mints an ID and access token pair plus a new refresh token family. */
  async start(user: StoredUser, clientId: string, authTime: number): Promise<AuthenticationResult> {
    const originJti = randomUUID();
    const RefreshToken = newRefreshToken();
    this.state.refreshTokens.set(RefreshToken, {
      username: user.username,
      clientId,
      originJti,
      authTime,
      expiresAt: this.now() + REFRESH_TOKEN_MS,
    });
    this.keepNewestRefreshTokens(user.username);
    const tokens = await this.sign(user, clientId, originJti, authTime);
    return { AuthenticationResult: { ...tokens, RefreshToken }, ChallengeParameters: {} };
  }

  /** Group membership is read now, so tokens from a sign-in or a refresh carry the groups of that moment. */
  sign(user: StoredUser, clientId: string, originJti: string, authTime: number) {
    return issueTokens({
      keys: this.keys,
      issuer: this.issuer(),
      clientId,
      user,
      groups: groupNamesOf(this.state, user),
      originJti,
      authTime,
      nowMs: this.now(),
    });
  }

  /** The user behind a valid, unrevoked access token. */
  async userFromAccessToken(token: unknown): Promise<{ user: StoredUser; claims: AccessClaims }> {
    if (typeof token !== 'string') throw invalidParameter('Missing required parameter AccessToken');
    const claims = await readAccessToken(this.keys, this.issuer(), token, this.now());
    if (!claims) throw invalidAccessToken();
    if (this.state.revokedFamilies.has(claims.origin_jti)) {
      throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
    }
    const user = this.findUser(claims.username);
    if (!user || user.sub !== claims.sub) throw new CognitoError('NotAuthorizedException', 'User does not exist.');
    return { user, claims };
  }

  revokeFamily(originJti: string): void {
    this.state.revokedFamilies.set(originJti, this.now() + REFRESH_TOKEN_MS);
    for (const [token, record] of this.state.refreshTokens) {
      if (record.originJti === originJti) this.state.refreshTokens.delete(token);
    }
  }

  revokeAllOf(username: string): void {
    for (const record of [...this.state.refreshTokens.values()]) {
      if (record.username === username) this.revokeFamily(record.originJti);
    }
  }

  /** Forgets expired refresh tokens and revocations; returns whether anything was forgotten. */
  sweep(now: number): boolean {
    let changed = false;
    for (const [token, record] of this.state.refreshTokens) {
      if (record.expiresAt <= now) changed = this.state.refreshTokens.delete(token);
    }
    for (const [family, until] of this.state.revokedFamilies) {
      if (until <= now) changed = this.state.revokedFamilies.delete(family);
    }
    return changed;
  }

  /** Every sign-in adds a 30-day refresh token: a user keeps the newest few, so the store cannot grow with sign-ins. */
  private keepNewestRefreshTokens(username: string): void {
    const tokens = this.state.refreshTokens;
    // A Map iterates in insertion order: the user's first tokens are their oldest.
    const ofUser = [...tokens].filter(([, record]) => record.username === username);
    for (const [token] of ofUser.slice(0, Math.max(ofUser.length - REFRESH_TOKENS_PER_USER, 0))) tokens.delete(token);
  }
}
