import { SignOutButton as SignOut } from '../../features/sign-out';

/** Shown by the host in its header for signed-in users (SPEC §4 sign-out). */
export default function SignOutButton() {
  return <SignOut />;
}
