import path from 'node:path';
import fc from 'fast-check';
import {
  computeServerKey,
  computeSignature,
  createServerEphemeral,
  createVerifier,
  fromHex,
  g,
  k,
  modPow,
  N,
  padHex,
} from '../src/srp';

// Amplify's own client-side SRP helpers, loaded from the installed package (not a copy), so the server is checked
// against exactly what the browser runs.
const srpDir = path.join(
  path.dirname(require.resolve('aws-amplify/package.json')),
  'node_modules/@aws-amplify/auth/dist/cjs/providers/cognito/utils/srp',
);
const client = require(path.join(srpDir, 'index.js'));
const { getPaddedHex } = require(path.join(srpDir, 'getPaddedHex.js'));
const { BigInteger } = require(path.join(srpDir, 'BigInteger/index.js'));
const { INIT_N } = require(path.join(srpDir, 'constants.js'));

const POOL_NAME = 'LocalPool';

test('the group is the one Amplify uses', () => {
  expect(N).toBe(fromHex(INIT_N));
  expect(g).toBe(2n);
});

test('padHex matches Amplify for any non-negative integer', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: (1n << 600n) - 1n }), (n) => {
      expect(padHex(n)).toBe(getPaddedHex(new BigInteger(n.toString(16), 16)));
    }),
  );
  expect(padHex(0x80n)).toBe('0080');
  expect(padHex(0x7fn)).toBe('7f');
  expect(padHex(0xabcn)).toBe('0abc');
});

test('modPow agrees with a naive computation', () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: 0n, max: 10_000n }),
      fc.bigInt({ min: 0n, max: 200n }),
      fc.bigInt({ min: 2n, max: 10_000n }),
      (base, exponent, modulus) => {
        let expected = 1n;
        for (let i = 0n; i < exponent; i += 1n) expected = (expected * base) % modulus;
        expect(modPow(base, exponent, modulus)).toBe(expected);
      },
    ),
  );
});

test("the server's key and signature equal what Amplify's client derives from the password", async () => {
  const username = '+15555550123';
  const password = 'correct horse';
  const { salt, verifier } = createVerifier(POOL_NAME, username, password);
  const helper = await client.getAuthenticationHelper(POOL_NAME);
  expect(fromHex(helper.k.toString(16))).toBe(k);
  const A = fromHex(helper.A.toString(16));
  const { b, B } = createServerEphemeral(verifier);

  const clientKey: Uint8Array = await helper.getPasswordAuthenticationKey({
    username,
    password,
    serverBValue: new BigInteger(B.toString(16), 16),
    salt: new BigInteger(salt, 16),
  });
  const serverKey = computeServerKey({ A, B, b, verifierHex: verifier });
  expect(Buffer.from(clientKey).toString('hex')).toBe(serverKey.toString('hex'));

  const secretBlock = Buffer.from('a secret block').toString('base64');
  const timestamp = client.getNowString();
  const clientSignature = client.getSignatureString({
    userPoolName: POOL_NAME,
    username,
    challengeParameters: { SECRET_BLOCK: secretBlock },
    dateNow: timestamp,
    hkdf: clientKey,
  });
  expect(
    computeSignature({ key: serverKey, poolName: POOL_NAME, userIdForSrp: username, secretBlock, timestamp }),
  ).toBe(clientSignature);
});

test('a wrong password gives a different key', async () => {
  const username = '+15555550123';
  const { salt, verifier } = createVerifier(POOL_NAME, username, 'correct horse');
  const helper = await client.getAuthenticationHelper(POOL_NAME);
  const { b, B } = createServerEphemeral(verifier);
  const clientKey: Uint8Array = await helper.getPasswordAuthenticationKey({
    username,
    password: 'correct horsf',
    serverBValue: new BigInteger(B.toString(16), 16),
    salt: new BigInteger(salt, 16),
  });
  const serverKey = computeServerKey({ A: fromHex(helper.A.toString(16)), B, b, verifierHex: verifier });
  expect(Buffer.from(clientKey).equals(serverKey)).toBe(false);
});

test('A = 0 mod N is refused', () => {
  const { verifier } = createVerifier(POOL_NAME, 'user', 'password1');
  const { b, B } = createServerEphemeral(verifier);
  expect(() => computeServerKey({ A: N, B, b, verifierHex: verifier })).toThrow();
  expect(() => computeServerKey({ A: 0n, B, b, verifierHex: verifier })).toThrow();
});
