import { createHash, createHmac, randomBytes } from 'node:crypto';

// The SRP-6a group and encodings that Cognito and Amplify's client use (RFC 5054, 3072-bit group, g = 2).
const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

export const N = BigInt(`0x${N_HEX}`);
export const g = 2n;

/** Hex of a non-negative integer as Java's BigInteger.toByteArray() would encode it (even length, sign byte when needed). */
export function padHex(n: bigint): string {
  let hex = n.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

function hashHex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function fromHex(hex: string): bigint {
  return BigInt(`0x${hex}`);
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

export const k = fromHex(hashHex(padHex(N) + padHex(g)));

/** x = H(salt | H(poolName | username | ':' | password)), as the client derives it. */
function computeX(poolName: string, username: string, password: string, saltHex: string): bigint {
  const inner = hashText(`${poolName}${username}:${password}`);
  return fromHex(hashHex(padHex(fromHex(saltHex)) + inner));
}

export interface SrpCredentials {
  /** Salt as padded hex, sent to the client as SALT. */
  salt: string;
  /** Verifier v = g^x mod N, as hex. */
  verifier: string;
}

export function createVerifier(poolName: string, username: string, password: string): SrpCredentials {
  const salt = padHex(fromHex(randomBytes(16).toString('hex')));
  const x = computeX(poolName, username, password, salt);
  return { salt, verifier: modPow(g, x, N).toString(16) };
}

export interface ServerEphemeral {
  b: bigint;
  B: bigint;
}

export function createServerEphemeral(verifierHex: string): ServerEphemeral {
  const v = fromHex(verifierHex);
  for (;;) {
    const b = fromHex(randomBytes(128).toString('hex'));
    const B = (k * v + modPow(g, b, N)) % N;
    if (B !== 0n) return { b, B };
  }
}

function computeU(A: bigint, B: bigint): bigint {
  return fromHex(hashHex(padHex(A) + padHex(B)));
}

/** HKDF-SHA256 of S with u as salt and 'Caldera Derived Key' as info, first 16 bytes: the key both sides sign with. */
function deriveKey(S: bigint, u: bigint): Buffer {
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  const okm = createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest();
  return okm.subarray(0, 16);
}

/** The server's side of the shared key: S = (A · v^u)^b mod N. Throws when A is not acceptable. */
export function computeServerKey(params: { A: bigint; B: bigint; b: bigint; verifierHex: string }): Buffer {
  const { A, B, b } = params;
  if (A % N === 0n) throw new Error('A mod N is 0');
  const u = computeU(A, B);
  if (u === 0n) throw new Error('u is 0');
  const v = fromHex(params.verifierHex);
  const S = modPow((A * modPow(v, u, N)) % N, b, N);
  return deriveKey(S, u);
}

export function computeSignature(params: {
  key: Buffer;
  poolName: string;
  userIdForSrp: string;
  secretBlock: string;
  timestamp: string;
}): string {
  return createHmac('sha256', params.key)
    .update(
      Buffer.concat([
        Buffer.from(params.poolName, 'utf8'),
        Buffer.from(params.userIdForSrp, 'utf8'),
        Buffer.from(params.secretBlock, 'base64'),
        Buffer.from(params.timestamp, 'utf8'),
      ]),
    )
    .digest('base64');
}
