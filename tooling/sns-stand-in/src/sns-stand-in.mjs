// A local stand-in for Amazon SNS, for tests and offline runs only: the one call the API's text sender makes
// (`Publish` to a phone number), answered in SNS's own protocol (AWS query: a form-encoded POST, XML answers) and
// refused as SNS refuses it: a request not signed with the expected key (Signature Version 4, checked in full), a bad
// phone number, a missing message, an action it does not know, or a failure a test scripts (throttling, an opted-out
// number, anything else).
import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';

const XMLNS = 'http://sns.amazonaws.com/doc/2010-03-31/';
/** E.164, as SNS requires for PhoneNumber. */
const E164 = /^\+[1-9]\d{1,14}$/;
/** SNS's limit for one SMS message's text, in characters (longer texts are refused, not split, by this stand-in). */
const MAX_SMS_LENGTH = 1600;

const escapeXml = (text) =>
  String(text).replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c],
  );

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();

/**
 * The signature SigV4 gives this request with `secret`: the canonical request of the signed headers, the string to
 * sign over its hash, and the key derived for the scope's date, region and service.
 */
function expectedSignature({ method, path, query, headers, body, signedHeaders, amzDate, scope, secret }) {
  const canonicalHeaders = signedHeaders
    .map(
      (name) =>
        `${name}:${String(headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const payloadHash = headers['x-amz-content-sha256'] ?? sha256(body);
  const canonicalRequest = [method, path, query, canonicalHeaders, signedHeaders.join(';'), payloadHash].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const [date, region, service] = scope.split('/');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

/** Why a request's signature is refused, or null when it is good for `credentials`. */
function signatureProblem(request, body, credentials) {
  const authorization = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8}\/[^/]+\/[^/]+\/aws4_request), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return { code: 'MissingAuthenticationToken', message: 'Request is missing Authentication Token' };
  const [, accessKeyId, scope, signed, signature] = match;
  if (accessKeyId !== credentials.accessKeyId)
    return { code: 'InvalidClientTokenId', message: 'The security token included in the request is invalid.' };
  const [, region, service] = scope.split('/');
  if (service !== 'sns' || region !== credentials.region)
    return { code: 'SignatureDoesNotMatch', message: `Credential should be scoped to a valid region (${region}).` };
  const amzDate = request.headers['x-amz-date'];
  if (!amzDate || amzDate.slice(0, 8) !== scope.slice(0, 8))
    return { code: 'IncompleteSignature', message: 'Date in Credential scope does not match YYYYMMDD from ISO-8601.' };
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const query = [...url.searchParams]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const wanted = expectedSignature({
    method: request.method ?? 'POST',
    path: url.pathname,
    query,
    headers: request.headers,
    body,
    signedHeaders: signed.split(';'),
    amzDate,
    scope,
    secret: credentials.secretAccessKey,
  });
  if (wanted !== signature)
    return {
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.',
    };
  return null;
}

/** `MessageAttributes.entry.N.Name` / `.Value.DataType` / `.Value.StringValue`, as a map of name → string value. */
function messageAttributes(params) {
  const attributes = {};
  for (const [key, name] of params) {
    const entry = /^MessageAttributes\.entry\.(\d+)\.Name$/.exec(key);
    if (!entry) continue;
    attributes[name] = params.get(`MessageAttributes.entry.${entry[1]}.Value.StringValue`) ?? null;
  }
  return attributes;
}

/**
 * Starts the stand-in on `port` (0: a free one). `credentials` is the key pair and region every request must be
 * signed with. Answers { url, published, requests, fail, clear, close }.
 * @param {import('./sns-stand-in.d.mts').SnsStandInOptions} options
 * @returns {Promise<import('./sns-stand-in.d.mts').SnsStandIn>}
 */
export async function startSnsStandIn({ port = 0, host = '127.0.0.1', credentials, onPublish } = {}) {
  if (!credentials?.accessKeyId || !credentials.secretAccessKey || !credentials.region)
    throw new Error('The SNS stand-in needs credentials: { accessKeyId, secretAccessKey, region }');
  /** @type {import('./sns-stand-in.d.mts').PublishedText[]} */
  const published = [];
  /** @type {{ action: string | null, status: number }[]} */
  const requests = [];
  /** Scripted failures, each for its next `times` Publish calls. */
  let failures = [];

  const answer = (response, status, xml) => {
    response.writeHead(status, { 'content-type': 'text/xml', 'x-amzn-requestid': randomUUID() });
    response.end(`<?xml version="1.0"?>\n${xml}`);
  };
  const refuse = (response, status, code, message, type = 'Sender') =>
    answer(
      response,
      status,
      `<ErrorResponse xmlns="${XMLNS}"><Error><Type>${type}</Type><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
    );

  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const params = new URLSearchParams(body);
      const action = params.get('Action');
      const record = { action, status: 200 };
      requests.push(record);
      const fail = (status, code, message, type) => {
        record.status = status;
        refuse(response, status, code, message, type);
      };
      if (request.method !== 'POST') return fail(405, 'InvalidAction', 'SNS takes POST requests');
      const problem = signatureProblem(request, body, credentials);
      if (problem) return fail(403, problem.code, problem.message);
      if (action !== 'Publish') return fail(400, 'InvalidAction', `Could not find operation ${action ?? ''}`);
      if (params.get('Version') !== '2010-03-31') return fail(400, 'InvalidParameter', 'Invalid API version');
      const phoneNumber = params.get('PhoneNumber');
      const message = params.get('Message');
      if (!phoneNumber || params.get('TopicArn') || params.get('TargetArn'))
        return fail(400, 'InvalidParameter', 'Invalid parameter: this stand-in publishes to a PhoneNumber only');
      if (!E164.test(phoneNumber))
        return fail(400, 'InvalidParameter', 'Invalid parameter: PhoneNumber Reason: input incorrectly formatted');
      if (!message) return fail(400, 'InvalidParameter', 'Invalid parameter: Empty message');
      if (message.length > MAX_SMS_LENGTH) return fail(400, 'InvalidParameter', 'Invalid parameter: Message too long');
      const failure = failures.find((f) => f.times > 0);
      if (failure) {
        failure.times -= 1;
        failures = failures.filter((f) => f.times > 0);
        return fail(failure.status, failure.code, failure.message, failure.status >= 500 ? 'Receiver' : 'Sender');
      }
      const messageId = randomUUID();
      const text = { messageId, phoneNumber, message, attributes: messageAttributes(params), at: new Date() };
      published.push(text);
      onPublish?.(text);
      answer(
        response,
        200,
        `<PublishResponse xmlns="${XMLNS}"><PublishResult><MessageId>${messageId}</MessageId></PublishResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`,
      );
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://${host}:${address.port}`,
    published,
    requests,
    fail({ status = 400, code, message = code, times = 1 }) {
      failures.push({ status, code, message, times });
    },
    clear() {
      failures = [];
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
