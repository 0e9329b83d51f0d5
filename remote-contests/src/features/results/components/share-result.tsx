import { CopyButton, Textarea } from '@bullpen/shared/ui';
import { resultShareText, resultsUrl } from '../lib/results-math';

/** A copyable link to the results and a line of text saying how it went. */
export function ShareResult(props: {
  contestId: string;
  rank: number;
  total: number;
  name: string;
  returnPct: number;
  marketPct: number | null;
}) {
  const url = resultsUrl(props.contestId);
  const text = `${resultShareText(props)} ${url}`;
  return (
    <div className="bp-stack">
      <Textarea
        label="Share your result"
        readOnly
        rows={2}
        value={text}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="bp-row">
        <CopyButton text={text} label="Copy text" variant="primary" size="medium" />
        <CopyButton text={url} label="Copy link" variant="primary" size="medium" />
      </div>
    </div>
  );
}
