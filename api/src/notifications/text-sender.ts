/** Where text messages go: Amazon SNS in production, a local outbox everywhere else (DESIGN §3). */
export interface TextSender {
  readonly name: 'local' | 'sns';
  send(phoneNumber: string, body: string): Promise<void>;
}

/**
 * The local sender sends nothing: it prints each message (npm start shows the API's output, as it shows the user pool's
 * codes), and the messages stay listed at GET /dev/outbox from the database.
 */
export class LocalOutbox implements TextSender {
  readonly name = 'local';
  constructor(private readonly print: (line: string) => void) {}

  async send(phoneNumber: string, body: string): Promise<void> {
    this.print(`[outbox] text to ${phoneNumber}: ${body}`);
  }
}

/** Amazon SNS: one PublishCommand per message to the phone number (transactional, so it is delivered at night too). */
export function snsSender(region: string): TextSender {
  // Loaded on first use: an API that sends no texts never loads the AWS SDK.
  let client: Promise<{ send: (phoneNumber: string, body: string) => Promise<void> }> | null = null;
  const load = async () => {
    const { SNSClient, PublishCommand } = await import('@aws-sdk/client-sns');
    const sns = new SNSClient({ region });
    return {
      send: async (phoneNumber: string, body: string) => {
        await sns.send(
          new PublishCommand({
            PhoneNumber: phoneNumber,
            Message: body,
            MessageAttributes: {
              'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
            },
          }),
        );
      },
    };
  };
  return {
    name: 'sns',
    async send(phoneNumber, body) {
      client ??= load();
      await (await client).send(phoneNumber, body);
    },
  };
}
