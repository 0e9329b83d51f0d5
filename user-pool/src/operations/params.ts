import { invalidParameter } from '../errors';
import { isE164 } from '../phone';

export type Body = Record<string, unknown>;

/** What an operation may know of the request besides its body. */
export interface RequestContext {
  /** The peer address: sign-in throttling counts per address. */
  address: string;
}

export function requireString(body: Body, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

export function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Cognito's `[{ Name, Value }]` attribute lists as an object without a prototype, so that a Name such as `__proto__`
 * is an ordinary key that the schema check then refuses, not a write to the object's prototype.
 */
export function attributesFrom(value: unknown): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  if (!Array.isArray(value)) return out;
  for (const item of value) {
    const { Name, Value } = record(item);
    if (typeof Name === 'string' && typeof Value === 'string') out[Name] = Value;
  }
  return out;
}

export function assertPhone(phone: string): void {
  if (!isE164(phone)) throw invalidParameter('Invalid phone number format.');
}
