import { ApiError, notifyError } from '@bullpen/shared';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { errorsFromIssues } from '../components/errors-from-issues';
import type { ProfileErrors, ProfileValues } from '../components/profile-fields';

/** Onboarding and the profile editor: check with the shared schema (ticker = call sign, SPEC §3), send, and put
 *  the server's field errors back on the fields. `save` resolves on success; on failure the form stays. */
export function useProfileForm<Body>(
  initial: ProfileValues,
  schema: z.ZodType<Body, unknown>,
  save: (body: Body) => Promise<void>,
) {
  const [values, setValues] = useState<ProfileValues>(initial);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse({ ...values, ticker: values.callSign });
    if (!parsed.success) {
      setErrors(errorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await save(parsed.data);
    } catch (error) {
      // One message, where the user is looking: on the fields it concerns, or as a toast when no field can show it.
      const onFields = error instanceof ApiError ? errorsFromIssues(error.errors) : {};
      setErrors(onFields);
      if (!Object.values(onFields).some(Boolean)) notifyError(error);
      setPending(false);
    }
  };

  return { values, setValues, errors, pending, submit };
}
