import { invalidParameter } from '../errors';

export type Body = Record<string, unknown>;

export function requireString(body: Body, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

export function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Cognito's `[{ Name, Value }]` attribute lists as a plain object. */
export function attributesFrom(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(value)) return out;
  for (const item of value) {
    const { Name, Value } = record(item);
    if (typeof Name === 'string' && typeof Value === 'string') out[Name] = Value;
  }
  return out;
}

const E164 = /^\+[1-9]\d{3,14}$/;

export function assertPhone(phone: string): void {
  if (!E164.test(phone)) throw invalidParameter('Invalid phone number format.');
}
