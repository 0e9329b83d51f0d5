import type { Contest } from '@bullpen/shared/schemas';
import { CopyButton, notifyError } from '../../contests';
import { invitationUrl, shareText } from '../lib/invitation-link';

export function InvitationShare({ contest }: { contest: Contest }) {
  const url = invitationUrl(contest._id);
  const text = shareText(contest, url);
  return (
    <div className="bpc-stack">
      <div className="bpc-stack" style={{ gap: 6 }}>
        <span className="bpc-label">Invitation link</span>
        <div className="bpc-link-box">
          <code data-testid="invitation-link">{url}</code>
          <CopyButton text={url} label="Copy link" onError={notifyError} />
        </div>
      </div>
      <div className="bpc-stack" style={{ gap: 6 }}>
        <span className="bpc-label">Message to share</span>
        <p
          className="bpc-small"
          style={{
            margin: 0,
            padding: 12,
            background: 'var(--bpc-bg)',
            border: '1px solid var(--bpc-border)',
            borderRadius: 8,
            overflowWrap: 'anywhere',
          }}
        >
          {text}
        </p>
        <div className="bpc-row">
          <CopyButton text={text} label="Copy message" onError={notifyError} />
        </div>
      </div>
    </div>
  );
}
