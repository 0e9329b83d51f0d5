import { Button, Card, PageLoader } from '@bullpen/shared/ui';
import type { ReactNode } from 'react';

/** One list of contests on a page (live, upcoming, open to join…): its read's state and the items once loaded. */
export type ContestList<T> = { data: T[] | undefined; error: unknown; isLoading: boolean; retry: () => void };

/**
 * A titled card holding one list of contests: loading, a failure with Try again, a sentence when there are none
 * (with `emptyAction` beside it), or the items' cards in a grid. A list that failed to refresh keeps showing what it
 * had (the page says how old it is), but "there are none" is never said of a list that could not be loaded.
 */
export function ContestSection<T>({
  title,
  list,
  what,
  empty,
  emptyAction,
  children,
}: {
  title: ReactNode;
  list: ContestList<T>;
  /** What is loading, in words: "live contests". */
  what: string;
  empty: ReactNode;
  emptyAction?: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  let body: ReactNode;
  if (list.error && (!list.data || list.data.length === 0)) {
    body = (
      <div className="bp-row bp-row--between" role="alert">
        <span className="bp-text-loss">Could not load {what}.</span>
        <Button size="small" onClick={list.retry}>
          Try again
        </Button>
      </div>
    );
  } else if (!list.data) body = <PageLoader label={`Loading ${what}…`} />;
  else if (list.data.length === 0) {
    body = (
      <div className="bp-row bp-row--between">
        <p className="bp-muted">{empty}</p>
        {emptyAction}
      </div>
    );
  } else body = <div className="bp-grid">{children(list.data)}</div>;
  return <Card title={title}>{body}</Card>;
}
