// Smoke check in a real browser: bundles the unchanged aws-amplify client, serves it from a localhost origin other
// than the pool's, and signs up, confirms (code from the outbox), signs in with SRP, refreshes and signs out in
// headless Chromium. Usage: node user-pool/scripts/browser-smoke.mjs [pagePort] (needs /usr/bin/chromium).
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.cjs';
import { tsImport } from 'tsx/esm/api';

const here = path.dirname(fileURLToPath(import.meta.url));
const pagePort = Number(process.argv[2] ?? 9301);

const clientSource = `
import { Amplify } from 'aws-amplify';
import { confirmSignUp, fetchAuthSession, fetchUserAttributes, signIn, signOut, signUp } from 'aws-amplify/auth';
window.runSmoke = async (endpoint) => {
  Amplify.configure({ Auth: { Cognito: { userPoolId: 'us-east-1_LocalPool', userPoolClientId: 'bullpen-web-client',
    userPoolEndpoint: endpoint, loginWith: { phone: true }, signUpVerificationMethod: 'code' } } });
  const phone = '+1555' + String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  const steps = [];
  const up = await signUp({ username: phone, password: 'correct horse', options: { userAttributes: { phone_number: phone } } });
  steps.push('signUp ' + up.nextStep.signUpStep);
  const outbox = await (await fetch(endpoint + '/outbox.json?phone=' + encodeURIComponent(phone))).json();
  await confirmSignUp({ username: phone, confirmationCode: outbox[0].code });
  steps.push('confirmSignUp');
  try { await signIn({ username: phone, password: 'wrong password' }); } catch (e) { steps.push('wrong password ' + e.name + ': ' + e.message); }
  const result = await signIn({ username: phone, password: 'correct horse' });
  steps.push('signIn ' + result.nextStep.signInStep);
  const attributes = await fetchUserAttributes();
  steps.push('phone_number_verified ' + attributes.phone_number_verified);
  const first = await fetchAuthSession();
  const second = await fetchAuthSession({ forceRefresh: true });
  steps.push('refreshed ' + (first.tokens.idToken.payload.jti !== second.tokens.idToken.payload.jti));
  await signOut({ global: true });
  steps.push('signed out');
  return steps;
};
`;

const { startUserPool } = await tsImport('../src/index.ts', import.meta.url);
const dataDir = mkdtempSync(path.join(tmpdir(), 'user-pool-smoke-'));
const pool = await startUserPool({ port: 0, dataDir, log: () => {}, allowedOrigins: [`http://localhost:${pagePort}`] });
const bundle = await build({
  stdin: { contents: clientSource, resolveDir: here, loader: 'js' },
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'error',
});
const script = bundle.outputFiles[0].text;
const page = createServer((request, response) => {
  if (request.url === '/client.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
  } else {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script src="/client.js"></script>');
  }
});
await new Promise((resolve) => page.listen(pagePort, '127.0.0.1', resolve));
const browser = await chromium.launch(chromiumLaunchOptions());
let failed = false;
try {
  const tab = await browser.newPage();
  tab.on('console', (message) => message.type() === 'error' && console.log('[browser]', message.text()));
  await tab.goto(`http://localhost:${pagePort}/`);
  const endpoint = pool.url.replace('127.0.0.1', 'localhost');
  for (const step of await tab.evaluate((url) => window.runSmoke(url), endpoint)) console.log(step);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser.close();
  page.close();
  await pool.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
