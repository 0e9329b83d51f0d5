#!/usr/bin/env node
// `npm run sns-stand-in -- [--port 4011]`: a local Amazon SNS for an offline run of the API with SMS_SENDER=sns. It
// prints every text message it is asked to send; it sends nothing.
import { parseArgs } from 'node:util';
import { startSnsStandIn } from './sns-stand-in.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4011' },
    host: { type: 'string', default: '127.0.0.1' },
    region: { type: 'string', default: process.env.SNS_REGION ?? 'us-east-1' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`Usage: npm run sns-stand-in -- [--port 4011] [--host 127.0.0.1] [--region us-east-1]
Requests must be signed with AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (default "stand-in" for both) for the region.`);
  process.exit(0);
}

const credentials = {
  accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'stand-in',
  secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'stand-in',
  region: values.region,
};
const standIn = await startSnsStandIn({
  port: Number(values.port),
  host: values.host,
  credentials,
  onPublish: (text) => console.log(`[sns] text to ${text.phoneNumber}: ${text.message}`),
});
// The secret is never printed: whoever started the stand-in has it already.
console.log(`SNS stand-in for ${credentials.region}, key ${credentials.accessKeyId}`);
console.log(`  AWS_ENDPOINT_URL_SNS=${standIn.url}`);

const stop = async () => {
  await standIn.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
