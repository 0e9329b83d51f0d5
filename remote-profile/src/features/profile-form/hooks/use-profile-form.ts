import { ApiError, notifyError } from '@bullpen/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type ProfileValues, profileFormSchema, serverFieldErrors } from '../lib/profile-form-schema';

/**
 * Onboarding and the profile editor, on react-hook-form: checked with the contract's body schema on submit only (the
 * errors then stay as they are until the next submit), sent, and the server's field errors put back on the fields.
 * `save` resolves on success; on failure the form stays.
 */
export function useProfileForm<Body>(
  initial: ProfileValues,
  bodySchema: z.ZodType<Body>,
  save: (body: Body) => Promise<void>,
) {
  const resolver = useMemo(() => zodResolver(profileFormSchema(bodySchema)), [bodySchema]);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<ProfileValues, unknown, Body>({
    defaultValues: initial,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = handleSubmit(async (body) => {
    try {
      await save(body);
    } catch (error) {
      // One message, where the user is looking: on the fields it concerns, or as a toast when no field can show it.
      const onFields = Object.entries(serverFieldErrors(error instanceof ApiError ? error.errors : []));
      for (const [field, message] of onFields) setError(field as keyof ProfileValues, { type: 'server', message });
      if (onFields.length === 0) notifyError(error);
    }
  });

  return { control, pending: isSubmitting, submit };
}
