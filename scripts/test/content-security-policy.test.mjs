import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  contentSecurityPolicy,
  pageSecurityHeaders,
  standaloneContentSecurityPolicy,
} from '../lib/content-security-policy.mjs';

// The config every app's public/config.json ships with (the local stack's defaults).
const LOCAL = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'host', 'public', 'config.json'), 'utf8'));

/** The sources of one directive of a policy, [] when the policy has no such directive. */
const directive = (policy, name) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1) ?? [];

const names = (policy) => policy.split(';').map((part) => part.trim().split(/\s+/)[0]);

describe('contentSecurityPolicy: the host page', () => {
  it('is, for the local config, exactly the policy the host has always sent', () => {
    const remotes = 'http://localhost:3001 http://localhost:3002 http://localhost:3003 http://localhost:3004';
    expect(contentSecurityPolicy(LOCAL)).toBe(
      [
        "default-src 'self'",
        `script-src 'self' ${remotes}`,
        `connect-src 'self' ${remotes} http://localhost:4000 http://localhost:9229`,
        `style-src 'self' 'unsafe-inline' ${remotes}`,
        `img-src 'self' data: ${remotes}`,
        `font-src 'self' data: ${remotes}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });

  it('follows the config: a remote moved to a CDN is allowed by its origin, the old one no longer', () => {
    const policy = contentSecurityPolicy({
      ...LOCAL,
      remotes: { ...LOCAL.remotes, contests: 'https://cdn.example.com/remote-contests/2026-11-22.1/mf-manifest.json' },
    });
    expect(directive(policy, 'script-src')).toContain('https://cdn.example.com');
    expect(directive(policy, 'script-src')).not.toContain('http://localhost:3002');
    expect(directive(policy, 'connect-src')).toContain('https://cdn.example.com');
  });

  it("uses Cognito's regional endpoint when the config names no pool endpoint", () => {
    const policy = contentSecurityPolicy({ apiHost: 'https://api.example.com', auth: { region: 'eu-west-1' } });
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
      'https://cognito-idp.eu-west-1.amazonaws.com',
    ]);
  });

  it('allows no inline script, no eval and no framing, whatever the config', () => {
    for (const config of [undefined, {}, LOCAL]) {
      const policy = contentSecurityPolicy(config);
      expect(policy).not.toMatch(/unsafe-eval|'unsafe-inline'.*script|'strict-dynamic'/);
      expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
      expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
      expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    }
  });

  it('takes only http(s) origins from the config, never a path, a wildcard or another directive', () => {
    const policy = contentSecurityPolicy({
      apiHost: 'http://api.example.com;script-src',
      auth: { region: 'us-east-1; script-src *', userPoolEndpoint: 'javascript:alert(1)' },
      remotes: {
        a: 'data:text/javascript,alert(1)',
        b: '*',
        c: 'not a url',
        d: 'https://ok.example.com/x/mf-manifest.json',
      },
    });
    expect(names(policy)).toEqual([
      'default-src',
      'script-src',
      'connect-src',
      'style-src',
      'img-src',
      'font-src',
      'object-src',
      'base-uri',
      'form-action',
      'frame-ancestors',
    ]);
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'https://ok.example.com']);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://ok.example.com']);
  });
});

describe("standaloneContentSecurityPolicy: a remote's own page", () => {
  it('is, for the local config, its own origin plus the API and the user pool for connections', () => {
    expect(standaloneContentSecurityPolicy(LOCAL)).toBe(
      "default-src 'self'; script-src 'self'; connect-src 'self' http://localhost:4000 http://localhost:9229; " +
        "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; object-src 'none'; " +
        "base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('allows no other remote, even one its config.json names', () => {
    const policy = standaloneContentSecurityPolicy(LOCAL);
    for (const name of ['script-src', 'connect-src', 'style-src', 'img-src', 'font-src']) {
      expect(directive(policy, name).filter((source) => /localhost:300\d/.test(source))).toEqual([]);
    }
  });

  it('follows the API and the user pool its config names', () => {
    const policy = standaloneContentSecurityPolicy({
      apiHost: 'https://api.bullpen.example/',
      auth: { region: 'us-east-1', userPoolEndpoint: 'https://pool.bullpen.example:8443/some/path' },
    });
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://api.bullpen.example',
      'https://pool.bullpen.example:8443',
    ]);
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
  });

  it('without a config, or a broken one, connects only to its own origin', () => {
    for (const config of [undefined, null, {}, { apiHost: 42, auth: 'x' }]) {
      const policy = standaloneContentSecurityPolicy(config);
      expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
      expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    }
  });

  it('has no eval, no inline script, no plugins, no foreign <base>, no framing', () => {
    const policy = standaloneContentSecurityPolicy(LOCAL);
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('pageSecurityHeaders', () => {
  it('carries the policy, refuses framing in old browsers too, and keeps paths out of cross-origin referrers', () => {
    expect(pageSecurityHeaders("default-src 'self'")).toEqual({
      'Content-Security-Policy': "default-src 'self'",
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  });
});
