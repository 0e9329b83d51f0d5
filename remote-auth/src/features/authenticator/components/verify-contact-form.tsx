import { Button } from '@bullpen/shared/ui';
import type { AuthFlow } from '../hooks/use-auth-flow';
import type { ContactAttribute, Contacts } from '../services/auth-flow';
import { maskedContact } from '../services/mask-contact';
import { AuthForm, formText } from './auth-form';
import { CodeField } from './code-field';

const HEADING = 'Account recovery requires verified contact information';
/** The phone first: Bullpen's accounts are phone accounts (SPEC §3). */
const ORDER: readonly ContactAttribute[] = ['phone_number', 'email'];

function SkipButton({ flow }: { flow: AuthFlow }) {
  return (
    <Button variant="ghost" size="small" onClick={() => flow.go({ name: 'signedIn' })}>
      Skip
    </Button>
  );
}

/** SPEC §2 verify contact: choose the email or the phone, masked, to receive a code; Skip signs in as it is. */
export function VerifyContactForm({ flow, contacts }: { flow: AuthFlow; contacts: Contacts }) {
  const choices = ORDER.filter((attribute) => contacts[attribute]);
  return (
    <AuthForm
      flow={flow}
      title={HEADING}
      intro="Verify a contact so that you can reset your password if you forget it."
      submitLabel="Verify"
      pendingLabel="Verifying"
      onSubmit={(values) =>
        flow.submit((calls) => calls.sendContactCode(formText(values, 'contact') as ContactAttribute))
      }
      actions={<SkipButton flow={flow} />}
    >
      <fieldset className="bullpen-auth__choices">
        <legend className="visually-hidden">Contact to verify</legend>
        {choices.map((attribute, index) => (
          <label key={attribute} className="bullpen-auth__choice">
            <input type="radio" name="contact" value={attribute} defaultChecked={index === 0} required />
            <span>{maskedContact(attribute, contacts[attribute] ?? '')}</span>
          </label>
        ))}
      </fieldset>
    </AuthForm>
  );
}

/** SPEC §2 verify contact, second step: the code sent to the chosen contact. */
export function ConfirmContactForm({
  flow,
  attribute,
  destination,
}: {
  flow: AuthFlow;
  attribute: ContactAttribute;
  destination?: string;
}) {
  return (
    <AuthForm
      flow={flow}
      title={HEADING}
      intro={`Enter the code we sent to ${destination ?? 'your contact'}.`}
      submitLabel="Submit"
      pendingLabel="Submitting"
      onSubmit={(values) => flow.submit((calls) => calls.confirmContact(attribute, formText(values, 'code')))}
      actions={<SkipButton flow={flow} />}
    >
      <CodeField />
    </AuthForm>
  );
}
