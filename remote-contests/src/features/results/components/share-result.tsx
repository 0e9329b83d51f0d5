import { CopyButton, useErrorToast } from '../../contests';
import { useState } from 'react';
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
    <div className="bpc-share bpc-stack">
      <label className="bpc-small bpc-muted" htmlFor="bpc-share-text">
        Share your result
      </label>
      <textarea id="bpc-share-text" readOnly value={text} onFocus={(event) => event.currentTarget.select()} />
      <div className="bpc-row">
        <CopyButton text={text} label="Copy text" onError={setCopyError} />
        <CopyButton text={url} label="Copy link" onError={setCopyError} />
      </div>
    </div>
  );
}
