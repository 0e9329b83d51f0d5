import type { FieldError } from '@bullpen/shared/schemas';
import type { ProfileErrors, ProfileValues } from './profile-fields';

const FIELDS: (keyof ProfileValues)[] = ['callSign', 'displayName', 'bio'];

/** Field errors, from the shared schema's issues or the server's `errors`, keyed by form field; first one wins. */
export function errorsFromIssues(issues: { path: PropertyKey[]; message: string }[] | FieldError[]): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const issue of issues) {
    const field = ('field' in issue ? issue.field : String(issue.path[0] ?? '')) as keyof ProfileValues;
    const key = (field as string) === 'ticker' ? 'callSign' : field;
    if (FIELDS.includes(key) && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
