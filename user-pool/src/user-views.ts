import type { StoredUser } from './model';

/** How a user's details appear in Cognito's answers: masked destinations, attribute lists, MFA settings. */

export function maskPhone(phone: string): string {
  const visible = phone.slice(-4);
  return `+${'*'.repeat(Math.max(phone.length - 5, 0))}${visible}`;
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export function deliveryDetails(user: StoredUser, attribute = 'phone_number') {
  const value = user.attributes[attribute] ?? user.username;
  return attribute === 'email'
    ? { Destination: maskEmail(value), DeliveryMedium: 'EMAIL', AttributeName: 'email' }
    : { Destination: maskPhone(value), DeliveryMedium: 'SMS', AttributeName: 'phone_number' };
}

export function attributeList(user: StoredUser): { Name: string; Value: string }[] {
  return [
    { Name: 'sub', Value: user.sub },
    ...Object.entries(user.attributes)
      .filter(([name]) => name !== 'sub')
      .map(([Name, Value]) => ({ Name, Value })),
  ];
}

export function mfaSettings(user: StoredUser) {
  const list = [...(user.mfa.smsEnabled ? ['SMS_MFA'] : []), ...(user.mfa.totpEnabled ? ['SOFTWARE_TOKEN_MFA'] : [])];
  return {
    ...(list.length > 0 ? { UserMFASettingList: list } : {}),
    ...(user.mfa.preferred ? { PreferredMfaSetting: user.mfa.preferred } : {}),
  };
}
