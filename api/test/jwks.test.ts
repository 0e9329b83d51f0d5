import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type JWK, SignJWT, exportJWK, generateKeyPair } from 'jose';
import { createTokenVerifier, tokenFromHeader } from '../src/plugins/authentication';

const ISSUER = 'http://localhost:9229/us-east-1_LocalPool';

async function keyPair(kid: string) {
  const pair = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const sign = (sub: string) =>
    new SignJWT({ token_use: 'id', phone_number: '+15555550123' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setAudience('bullpen-web-client')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(pair.privateKey);
  return { jwk, sign };
}

test('the remote JWKS is fetched once, cached, and refetched when a token names an unknown kid', async () => {
  const first = await keyPair('key-1');
  const second = await keyPair('key-2');
  let published: JWK[] = [first.jwk];
  let fetches = 0;
  const server = http.createServer((_req, res) => {
    fetches += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: published }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const verify = createTokenVerifier(
      {
        issuer: ISSUER,
        clientId: 'bullpen-web-client',
        jwksUrl: `http://127.0.0.1:${port}/us-east-1_LocalPool/.well-known/jwks.json`,
      },
      undefined,
      { jwksCooldownMs: 0 },
    );
    expect(await verify(await first.sign('a'), new Date())).toEqual({
      sub: 'a',
      phoneNumber: '+15555550123',
      groups: [],
    });
    expect(await verify(await first.sign('b'), new Date())).toEqual({
      sub: 'b',
      phoneNumber: '+15555550123',
      groups: [],
    });
    expect(fetches).toBe(1);
    // The pool rotates its keys: the new kid triggers one refetch.
    published = [first.jwk, second.jwk];
    expect(await verify(await second.sign('c'), new Date())).toEqual({
      sub: 'c',
      phoneNumber: '+15555550123',
      groups: [],
    });
    expect(fetches).toBe(2);
    expect(await verify(await first.sign('d'), new Date())).not.toBeNull();
    expect(fetches).toBe(2);
  } finally {
    server.close();
  }
});

test('the Authorization header: raw token or Bearer, nothing else', () => {
  expect(tokenFromHeader('abc.def.ghi')).toBe('abc.def.ghi');
  expect(tokenFromHeader('Bearer abc.def.ghi')).toBe('abc.def.ghi');
  expect(tokenFromHeader('bearer   abc.def.ghi ')).toBe('abc.def.ghi');
  expect(tokenFromHeader(undefined)).toBeNull();
  expect(tokenFromHeader('   ')).toBeNull();
  expect(tokenFromHeader('Bearer ')).toBeNull();
});
