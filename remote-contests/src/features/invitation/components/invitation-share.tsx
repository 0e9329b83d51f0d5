import type { Contest } from '@bullpen/contract';
import { CopyButton } from '@bullpen/shared/ui';
import { invitationUrl, shareText } from '../lib/invitation-link';
import './invitation.css';

export function InvitationShare({ contest }: { contest: Contest }) {
  const url = invitationUrl(contest._id);
  const text = shareText(contest, url);
  return (
    <div className="bp-stack">
      <div className="bp-stack bp-stack--tight">
        <span className="bp-field__label">Invitation link</span>
        <div className="invitation-link">
          <code data-testid="invitation-link">{url}</code>
          <CopyButton text={url} label="Copy link" variant="primary" size="medium" />
        </div>
      </div>
      <div className="bp-stack bp-stack--tight">
        <span className="bp-field__label">Message to share</span>
        <p className="bp-small invitation-message">{text}</p>
        <div className="bp-row">
          <CopyButton text={text} label="Copy message" variant="primary" size="medium" />
        </div>
      </div>
    </div>
  );
}
