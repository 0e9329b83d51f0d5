import { type SnsStandIn, startSnsStandIn } from '@bullpen/sns-stand-in';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/database';
import { snsSender } from '../src/notifications/text-sender';
import {
  call,
  createContest,
  createTestContext,
  createUser,
  joinContest,
  type TestContext,
  tickAt,
} from './support/harness';

// SMS_SENDER=sns through Amazon's SDK against a stand-in that speaks SNS's own protocol and checks every request's
// signature (tooling/sns-stand-in): the endpoint and the key pair come from the SDK's own environment variables, as
// they would in production (the SDK's default credential chain).
const credentials = { accessKeyId: 'AKIABULLPENTEST', secretAccessKey: 'bullpen-test-secret', region: 'us-east-1' };
const ENV = {
  AWS_ENDPOINT_URL_SNS: '',
  AWS_ACCESS_KEY_ID: credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  AWS_MAX_ATTEMPTS: '2',
};

let standIn: SnsStandIn;
const saved: Record<string, string | undefined> = {};
beforeAll(async () => {
  standIn = await startSnsStandIn({ credentials });
  for (const [name, value] of Object.entries({ ...ENV, AWS_ENDPOINT_URL_SNS: standIn.url })) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
});
afterEach(() => standIn.clear());
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await standIn.close();
});

test('the sns sender publishes a transactional text to the number, signed for its region', async () => {
  await snsSender(credentials.region).send('+15550100007', 'Bullpen: Spring Cup has started.');
  expect(standIn.published.at(-1)).toMatchObject({
    phoneNumber: '+15550100007',
    message: 'Bullpen: Spring Cup has started.',
    attributes: { 'AWS.SNS.SMS.SMSType': 'Transactional' },
  });
});

test("the sns sender fails with SNS's word when SNS refuses, and a throttled call is tried again and sent once", async () => {
  standIn.fail({ code: 'OptedOut', message: 'Phone number is opted out' });
  await expect(snsSender(credentials.region).send('+15550100008', 'x')).rejects.toThrow('Phone number is opted out');
  // Signed for another region than the key's: refused.
  await expect(snsSender('eu-west-1').send('+15550100008', 'x')).rejects.toMatchObject({
    name: 'SignatureDoesNotMatch',
  });

  standIn.fail({ code: 'Throttling', message: 'Rate exceeded' });
  const before = standIn.published.length;
  await snsSender(credentials.region).send('+15550100009', 'Your limit order filled');
  expect(standIn.published.slice(before).map((t) => t.phoneNumber)).toEqual(['+15550100009']);
});

describe('an API with SMS_SENDER=sns', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {
      texts: { sender: 'sns', snsRegion: credentials.region, outboxPage: false },
    });
  });
  afterAll(() => ctx?.close());

  test("texts an opted-in player's start through SNS; a text SNS refuses is kept with its reason and not sent again", async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const refused = await createUser(ctx);
    for (const user of [player, refused]) {
      const saved = await call(ctx, 'POST', '/notifications/preferences', {
        token: user.token,
        body: { preferences: { 'contest-started': { inApp: true, text: true } } },
      });
      expect(saved.statusCode).toBe(200);
    }
    // Noon in New York: outside every player's quiet hours.
    ctx.clock.set(Date.UTC(2030, 5, 3, 16, 0, 0));
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, player, contest._id);
    await joinContest(ctx, refused, contest._id);

    // SNS refuses the first of the two texts the start sends (whichever player's it is).
    standIn.fail({ code: 'InvalidParameter', message: 'Invalid parameter: PhoneNumber Reason: unreachable' });
    const before = standIn.published.length;
    await tickAt(ctx, contest.startsAt);
    await ctx.app.deps.notifier.flushTexts();

    const rows = await queryRows<{ user_id: string; sent_at: Date | null; error: string | null }>(
      ctx.app.deps.db,
      sql`SELECT user_id, sent_at, error FROM text_messages WHERE user_id IN (${player.id}, ${refused.id})`,
    );
    expect(rows).toHaveLength(2);
    const failed = rows.filter((row) => row.error !== null);
    const sent = rows.filter((row) => row.sent_at !== null && row.error === null);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.error).toMatch(/unreachable/);
    expect(sent).toHaveLength(1);
    const sentTo = sent[0]?.user_id === player.id ? player : refused;
    expect(standIn.published.slice(before)).toEqual([
      expect.objectContaining({
        phoneNumber: sentTo.phone,
        message: 'Bullpen: Spring Cup has started. Trading is open: your picks are now your portfolio.',
      }),
    ]);

    // A later flush sends nothing again: neither the sent text nor the refused one.
    await ctx.app.deps.notifier.flushTexts();
    expect(standIn.published.length).toBe(before + 1);
  });
});
