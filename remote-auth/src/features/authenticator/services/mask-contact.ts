import type { ContactAttribute } from './auth-flow';

// SPEC §2: the verify screen masks the email (the first and last character of its local part stay) and the phone
// (its last 4 characters stay), as Amplify UI's censorContactMethod did.

function maskAllButFirstAndLast(value: string): string {
  return value.length <= 2 ? value : `${value[0]}${'*'.repeat(value.length - 2)}${value[value.length - 1]}`;
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return maskAllButFirstAndLast(email.trim());
  return `${maskAllButFirstAndLast(email.slice(0, at).trim())}${email.slice(at)}`;
}

export function maskPhone(phone: string): string {
  return phone.length < 4 ? phone : `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`;
}

export const CONTACT_LABELS: Record<ContactAttribute, string> = { email: 'Email', phone_number: 'Phone Number' };

/** "Phone Number: ********0123", "Email: a*********h@example.com". */
export function maskedContact(attribute: ContactAttribute, value: string): string {
  return `${CONTACT_LABELS[attribute]}: ${attribute === 'email' ? maskEmail(value) : maskPhone(value)}`;
}
