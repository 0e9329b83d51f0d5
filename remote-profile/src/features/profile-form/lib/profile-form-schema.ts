import type { FieldError } from '@bullpen/contract';
import { z } from 'zod';

/** What onboarding and the profile editor hold as typed: call sign, display name, bio. */
export interface ProfileValues {
  callSign: string;
  displayName: string;
  bio: string;
}

type ProfileField = keyof ProfileValues;

const FIELDS: readonly string[] = ['callSign', 'displayName', 'bio'] satisfies ProfileField[];

/** The form field that shows what the body says about `field`: the ticker is the call sign sent again (SPEC §3). */
function profileFieldFor(field: string): ProfileField | undefined {
  const name = field === 'ticker' ? 'callSign' : field;
  return FIELDS.includes(name) ? (name as ProfileField) : undefined;
}

/**
 * The form's zod schema, for react-hook-form's zodResolver: the values as typed in, the request body out. The body is
 * the contract's own schema (initialize-user or edit-profile) with ticker = call sign, so every message is the server's,
 * put on the field that shows it.
 */
export function profileFormSchema<Body>(bodySchema: z.ZodType<Body>) {
  return z.object({ callSign: z.string(), displayName: z.string(), bio: z.string() }).transform((values, ctx): Body => {
    const parsed = bodySchema.safeParse({ ...values, ticker: values.callSign });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      // An issue no field can show still stops the submit (under `root`, which no field draws).
      const field = profileFieldFor(String(issue.path[0] ?? '')) ?? 'root';
      ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
    return z.NEVER;
  });
}

/** The server's field errors (`errors[].field`, never its wording), keyed by the form field that shows each; first wins. */
export function serverFieldErrors(errors: readonly FieldError[]): Partial<Record<ProfileField, string>> {
  const result: Partial<Record<ProfileField, string>> = {};
  for (const { field, message } of errors) {
    const target = profileFieldFor(field);
    if (target && !result[target]) result[target] = message;
  }
  return result;
}
