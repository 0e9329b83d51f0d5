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
