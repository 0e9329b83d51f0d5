export interface SnsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** The region requests must be signed for (the API's SNS_REGION). */
  region: string;
}

export interface PublishedText {
  messageId: string;
  phoneNumber: string;
  message: string;
  /** MessageAttributes by name, e.g. { 'AWS.SNS.SMS.SMSType': 'Transactional' }. */
  attributes: Record<string, string | null>;
  at: Date;
}

export interface SnsStandInOptions {
  port?: number;
  host?: string;
  credentials: SnsCredentials;
  /** Called for every text SNS would have sent. */
  onPublish?: (text: PublishedText) => void;
}

export interface SnsStandIn {
  /** AWS_ENDPOINT_URL_SNS for the AWS SDK. */
  url: string;
  /** Every text published, oldest first. */
  published: PublishedText[];
  /** Every request's action and the status it got. */
  requests: { action: string | null; status: number }[];
  /** The next `times` Publish calls (default 1) fail as SNS would: e.g. { code: 'Throttling', message: 'Rate exceeded' }. */
  fail(failure: { status?: number; code: string; message?: string; times?: number }): void;
  clear(): void;
  close(): Promise<void>;
}

export function startSnsStandIn(options: SnsStandInOptions): Promise<SnsStandIn>;
