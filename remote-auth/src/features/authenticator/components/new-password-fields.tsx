import type { BoundField } from '../hooks/use-validated-fields';
import { PasswordField } from './password-field';

/** A new password and its confirmation, both required, with SPEC §5's messages under them. */
export function NewPasswordFields({
  label,
  password,
  confirm,
}: {
  label: string;
  password: BoundField;
  confirm: BoundField;
}) {
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" required {...password} />
      <PasswordField label="Confirm Password" autoComplete="new-password" required {...confirm} />
    </>
  );
}
