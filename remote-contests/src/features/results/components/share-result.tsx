import { Textarea } from '@bullpen/shared/ui';
import { useState } from 'react';
import { CopyButton, useErrorToast } from '../../contests';
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
  const [copyError, setCopyError] = useState<unknown>(undefined);
  useErrorToast(copyError, false);
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
        <CopyButton text={text} label="Copy text" onError={setCopyError} />
        <CopyButton text={url} label="Copy link" onError={setCopyError} />
      </div>
    </div>
  );
}
