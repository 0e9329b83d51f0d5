import { type CreateContestBody, type ContestTimingLimits, visibilitySchema } from '@bullpen/contract';
import { z } from 'zod';
import {
  type ContestFormValues,
  DEMO_TIMING_LIMITS,
  formValuesToBody,
  validateContestForm,
} from './contest-form-values';

export interface ContestFormSchemaOptions {
  /** Players already in (edit): max participants cannot go below it. */
  joined?: number;
  /** False once players have joined: the rules are locked, left out of the body (unchanged). */
  withRules?: boolean;
  /** Fields the form shows locked: their values are these, whatever a disabled input reports. */
  fixed?: Partial<ContestFormValues>;
  now?: () => Date;
  limits?: ContestTimingLimits;
}

/**
 * The form's zod schema, for react-hook-form's zodResolver: the values as typed (strings) in, the request body out.
 * It checks them with the shared create-contest schema and the timing rules (validateContestForm), so every message is
 * the server's, put on the field that shows it, plus the edit rules the form can check itself.
 */
export function contestFormSchema({
  joined = 0,
  withRules = true,
  fixed = {},
  now = () => new Date(),
  limits = DEMO_TIMING_LIMITS,
}: ContestFormSchemaOptions = {}) {
  // A disabled input reports no value: a locked field is optional here and takes its fixed value.
  const typed = z.object({
    name: z.string(),
    description: z.string(),
    startsAtLocal: z.string(),
    endsAtLocal: z.string(),
    picksCount: z.string().optional(),
    startingCash: z.string().optional(),
    maxParticipants: z.string(),
    visibility: visibilitySchema,
    affiliations: z.array(z.string()),
    shortSelling: z.boolean().optional(),
    commissionPerTrade: z.string().optional(),
    commissionPerShare: z.string().optional(),
    maxPositionPct: z.string().optional(),
  });
  const complete = (values: z.infer<typeof typed>): ContestFormValues => ({
    picksCount: '',
    startingCash: '',
    shortSelling: false,
    commissionPerTrade: '',
    commissionPerShare: '',
    maxPositionPct: '',
    ...values,
    ...fixed,
  });
  return typed
    .superRefine((values, ctx) => {
      const { body, errors } = validateContestForm(complete(values), now(), limits, { withRules });
      if (joined > 0 && !errors.maxParticipants && body.maxParticipants < joined) {
        errors.maxParticipants = `At least ${joined} (players already joined)`;
      }
      for (const [field, message] of Object.entries(errors)) {
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
      }
    })
    .transform((values): CreateContestBody => formValuesToBody(complete(values), { withRules }));
}
