import { TextInput } from '@bullpen/shared/ui';

/** A one-time code from a text message or an authenticator app. */
export function CodeField({ label = 'Code *' }: { label?: string }) {
  return (
    <TextInput
      label={label}
      name="code"
      required
      autoComplete="one-time-code"
      inputMode="numeric"
      placeholder="Enter your code"
    />
  );
}
