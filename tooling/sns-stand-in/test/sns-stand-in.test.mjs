// The stand-in driven by Amazon's own SDK: what it accepts and refuses is what the SDK sends and reads.
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { startSnsStandIn } from '../src/sns-stand-in.mjs';

const credentials = { accessKeyId: 'AKIASTANDIN', secretAccessKey: 'stand-in-secret', region: 'us-east-1' };
let standIn;
beforeAll(async () => {
  standIn = await startSnsStandIn({ credentials });
});
afterEach(() => standIn.clear());
afterAll(() => standIn.close());

const client = (overrides = {}) =>
  new SNSClient({
    region: credentials.region,
    endpoint: standIn.url,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
    maxAttempts: 1,
    ...overrides,
  });

const publish = (sns, input) =>
  sns.send(
    new PublishCommand({
      MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
      ...input,
    }),
  );

test('a signed Publish to a phone number is accepted with a message id, and recorded with its attributes', async () => {
  const answer = await publish(client(), { PhoneNumber: '+15550100001', Message: 'Spring Cup starts in 10 minutes' });
  expect(answer.MessageId).toMatch(/^[0-9a-f-]{36}$/);
  expect(standIn.published.at(-1)).toMatchObject({
    messageId: answer.MessageId,
    phoneNumber: '+15550100001',
    message: 'Spring Cup starts in 10 minutes',
    attributes: { 'AWS.SNS.SMS.SMSType': 'Transactional' },
  });
});

test('a request signed with another secret, another key or for another region is refused, as SNS refuses it', async () => {
  const before = standIn.published.length;
  await expect(
    publish(client({ credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: 'wrong' } }), {
      PhoneNumber: '+15550100001',
      Message: 'x',
    }),
  ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
  await expect(
    publish(client({ credentials: { accessKeyId: 'AKIAOTHER', secretAccessKey: credentials.secretAccessKey } }), {
      PhoneNumber: '+15550100001',
      Message: 'x',
    }),
  ).rejects.toMatchObject({ name: 'InvalidClientTokenId' });
  await expect(
    publish(client({ region: 'eu-west-1' }), { PhoneNumber: '+15550100001', Message: 'x' }),
  ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
  expect(standIn.published).toHaveLength(before);
});

test('a phone number not in E.164 or an empty message is an InvalidParameter', async () => {
  await expect(publish(client(), { PhoneNumber: '555-0100', Message: 'x' })).rejects.toMatchObject({
    name: 'InvalidParameterException',
    message: expect.stringMatching(/PhoneNumber/),
  });
  await expect(publish(client(), { PhoneNumber: '+15550100001', Message: '' })).rejects.toMatchObject({
    name: 'InvalidParameterException',
  });
});

test('scripted failures: throttling is retried by the SDK and sent once; an opted-out number is refused', async () => {
  standIn.fail({ code: 'Throttling', message: 'Rate exceeded', times: 1 });
  const before = standIn.published.length;
  const requests = standIn.requests.length;
  await publish(client({ maxAttempts: 3 }), { PhoneNumber: '+15550100002', Message: 'Your order filled' });
  expect(standIn.requests.slice(requests).map((r) => r.status)).toEqual([400, 200]);
  expect(standIn.published).toHaveLength(before + 1);

  standIn.fail({ code: 'OptedOut', message: 'Phone number is opted out' });
  await expect(publish(client(), { PhoneNumber: '+15550100003', Message: 'x' })).rejects.toMatchObject({
    message: 'Phone number is opted out',
  });
});
