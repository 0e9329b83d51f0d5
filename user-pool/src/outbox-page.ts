import { createHash } from 'node:crypto';
import type { OutboxEntry } from './model';

const STYLE = `
  body { background: #111; color: #eee; font-family: ui-monospace, monospace; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
  h1 { color: #5bd0b3; font-size: 1.4rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem .8rem; border-bottom: 1px solid #333; }
  .code { font-size: 1.3rem; letter-spacing: .2rem; color: #5bd0b3; }
  p { color: #aaa; }
`;

/** The headers of the outbox page, which shows every code the pool sends: it loads nothing but its own <style>, allowed
 *  by its hash (it refreshes itself with a <meta> tag, no script), and no other page may frame it. */
export const OUTBOX_PAGE_HEADERS = {
  'content-security-policy': [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The outbox as a page a person can keep open while signing up: newest first, refreshing itself. */
export function outboxPage(entries: OutboxEntry[], phone?: string): string {
  const rows = entries
    .map(
      (entry) =>
        `<tr><td>${escapeHtml(entry.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</td><td>${escapeHtml(entry.phone)}</td>` +
        `<td class="code">${escapeHtml(entry.code)}</td><td>${escapeHtml(entry.purpose)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="3">
<title>User pool outbox</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Outbox${phone ? ` for ${escapeHtml(phone)}` : ''}</h1>
<p>Codes the local user pool would have sent by SMS, newest first. This page refreshes every 3 seconds.</p>
${entries.length === 0 ? '<p>No codes yet.</p>' : `<table><thead><tr><th>Sent</th><th>To</th><th>Code</th><th>Purpose</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}
</body>
</html>`;
}
