// The journeys' test environment: Node's, plus a report of what each open tab showed when a test failed. A CI log is
// often all there is of a failure that does not repeat locally, so it says where each tab was, what a person would
// have read there and what the page logged, and leaves a screenshot under .e2e-artifacts/failures/.
const fs = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

const TEXT_CHARS = 1200;
const ERRORS_SHOWN = 5;
const PENDING_SHOWN = 10;
/** A tab that does not answer within this long is reported as such, never waited for. */
const TAB_TIMEOUT_MS = 5000;
const FAILURES_DIR = path.join(__dirname, '..', '.e2e-artifacts', 'failures');

function within(promise, fallback) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(fallback), TAB_TIMEOUT_MS);
  });
  return Promise.race([promise.catch((error) => `${fallback} (${error.message.split('\n')[0]})`), late]).finally(() =>
    clearTimeout(timer),
  );
}

function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

class JourneyEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testFile = path.basename(context.testPath, '.test.ts');
  }

  async handleTestEvent(event) {
    if (event.name !== 'test_done' || event.test.errors.length === 0) return;
    const browsers = this.global.__journeyBrowsers;
    if (!browsers || browsers.size === 0) return;
    const errorsOf = this.global.__journeyPageErrors;
    const lines = [`[e2e] ${this.testFile}: "${event.test.name}" failed; its open tabs:`];
    let n = 0;
    for (const browser of browsers) {
      if (!browser.isConnected()) continue;
      for (const context of browser.contexts()) {
        for (const page of context.pages()) {
          n += 1;
          const viewport = page.viewportSize();
          lines.push(
            `  tab ${n} (${viewport ? `${viewport.width}x${viewport.height}` : 'no viewport'}): ${page.url()}`,
          );
          const text = await within(
            // What a person reads, without the options of closed lists (a country-code list is 200 of them).
            page.evaluate(() => {
              // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as a person reads it.
              let text = document.body?.innerText ?? '';
              // biome-ignore lint/performance/useDomNodeTextContent: removed as rendered in the text above.
              for (const select of document.querySelectorAll('select')) text = text.replace(select.innerText, '');
              return text;
            }),
            '(the page did not answer)',
          );
          const squeezed = String(text).replace(/\s+/g, ' ').trim();
          lines.push(`    text: ${squeezed.slice(0, TEXT_CHARS)}${squeezed.length > TEXT_CHARS ? ' …' : ''}`);
          const errors = errorsOf?.get(page) ?? [];
          for (const error of errors.slice(-ERRORS_SHOWN)) lines.push(`    logged: ${error.slice(0, 300)}`);
          // Long-lived streams (/events) are always pending: only the others say what the page was waiting for.
          const pending = [...(this.global.__journeyPendingRequests?.get(page)?.values() ?? [])].filter(
            (request) => !/\/events(\?|$)/.test(request.url),
          );
          for (const request of pending.slice(0, PENDING_SHOWN))
            lines.push(`    waiting ${Math.round((Date.now() - request.since) / 1000)} s for: ${request.url}`);
          fs.mkdirSync(FAILURES_DIR, { recursive: true });
          const file = path.join(FAILURES_DIR, `${this.testFile}-${slug(event.test.name)}-${n}.png`);
          const shot = await within(
            page.screenshot({ path: file }).then(() => `    screenshot: ${path.relative(process.cwd(), file)}`),
            '    screenshot: none',
          );
          lines.push(shot);
        }
      }
    }
    if (n > 0) process.stderr.write(`${lines.join('\n')}\n`);
  }
}

module.exports = JourneyEnvironment;
