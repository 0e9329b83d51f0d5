import { randomUUID } from 'node:crypto';
import { type JWK, type JWTPayload, SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';

const TEST_ISSUER = 'http://localhost:9229/us-east-1_LocalPool';
const TEST_CLIENT_ID = 'bullpen-web-client';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

/** A user pool in miniature: a test key pair, its JWKS, and Cognito-shaped ID tokens. */
export class TestIssuer {
  private constructor(
    private readonly pair: KeyPair,
    readonly jwk: JWK,
    readonly now: () => Date,
  ) {}

  static async create(now: () => Date = () => new Date()): Promise<TestIssuer> {
    const pair = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
    return new TestIssuer(pair, jwk, now);
  }

  get getKey() {
    return createLocalJWKSet({ keys: [this.jwk] });
  }

  /** An ID token as the pool issues it; `overrides` replace or remove (undefined) claims. */
  async idToken(
    sub: string,
    overrides: Record<string, unknown> = {},
    options: { key?: KeyPair['privateKey']; kid?: string } = {},
  ): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    const claims: JWTPayload = {
      sub,
      token_use: 'id',
      aud: TEST_CLIENT_ID,
      iss: TEST_ISSUER,
      'cognito:username': sub,
      phone_number: `+1555${String(Math.abs(hash(sub)))
        .padStart(7, '0')
        .slice(0, 7)}`,
      phone_number_verified: true,
      auth_time: iat,
      iat,
      exp: iat + 3600,
      jti: randomUUID(),
      origin_jti: randomUUID(),
      ...overrides,
    };
    for (const [name, value] of Object.entries(overrides)) if (value === undefined) delete claims[name];
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'test-key-1' })
      .sign(options.key ?? this.pair.privateKey);
  }
}

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (Math.imul(h, 31) + char.charCodeAt(0)) | 0;
  return h;
}
