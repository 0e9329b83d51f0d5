import type { Contest, ContestUser } from '@bullpen/contract';
import { useState } from 'react';
import { Button, ButtonLink, ConfirmDialog } from '@bullpen/shared/ui';
import {
  cancelContest,
  canManage,
  contestPaths,
  isFull,
  leaveContest,
  notifyError,
  toast,
  useContestCache,
  type Viewer,
} from '../../contests';

type Pending = 'leave' | 'cancel' | null;

/** The actions this viewer may take on this contest now (DESIGN §5: role × state). */
export function ContestActions({
  contest,
  contestUser,
  viewer,
}: {
  contest: Contest;
  contestUser: ContestUser | undefined;
  viewer: Viewer;
}) {
  const [dialog, setDialog] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const { putContest, putContestUser } = useContestCache();
  const joined = contestUser?.joined ?? false;
  const id = contest._id;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      setDialog(null);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const leave = () =>
    run(async () => {
      const { data } = await leaveContest(id);
      await putContestUser(data);
      toast.success(`You left “${contest.name}”`);
    });

  const cancel = () =>
    run(async () => {
      const { data } = await cancelContest(id);
      await putContest(data);
      toast.success(`“${contest.name}” was cancelled`);
    });

  const buttons = [];
  if (contest.status === 'upcoming') {
    if (joined) {
      buttons.push(
        <ButtonLink key="edit-picks" to={contestPaths.editPicks(id)} variant="primary">
          Edit picks
        </ButtonLink>,
        <Button key="leave" variant="danger" onClick={() => setDialog('leave')}>
          Leave contest
        </Button>,
      );
    } else if (contestUser && !isFull(contest)) {
      buttons.push(
        <ButtonLink key="join" to={contestPaths.savePicks(id)} variant="primary">
          Join — choose picks
        </ButtonLink>,
      );
    }
    if (canManage(contest, viewer)) {
      buttons.push(
        <ButtonLink key="edit" to={contestPaths.edit(id)}>
          Edit contest
        </ButtonLink>,
        <Button key="cancel" variant="danger" onClick={() => setDialog('cancel')}>
          Cancel contest
        </Button>,
      );
    }
  } else if (contest.status === 'active') {
    buttons.push(
      <ButtonLink key="live" to={contestPaths.live(id)} variant="primary">
        Live view
      </ButtonLink>,
    );
    if (joined) {
      buttons.push(
        <ButtonLink key="trade" to={contestPaths.trading(id)}>
          Trade
        </ButtonLink>,
      );
    }
  } else if (contest.status === 'completed') {
    buttons.push(
      <ButtonLink key="results" to={contestPaths.completed(id)} variant="primary">
        See results
      </ButtonLink>,
    );
  }

  return (
    <>
      {buttons.length > 0 ? (
        <fieldset className="bp-row">
          <legend className="visually-hidden">Contest actions</legend>
          {buttons}
        </fieldset>
      ) : null}
      <ConfirmDialog
        open={dialog === 'leave'}
        title="Leave this contest?"
        confirmLabel="Leave contest"
        cancelLabel="Stay in"
        tone="danger"
        pending={busy}
        onConfirm={leave}
        onCancel={() => setDialog(null)}
      >
        Your picks will be removed. You can join again before the start if there is still room.
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'cancel'}
        title="Cancel this contest?"
        confirmLabel="Cancel contest"
        cancelLabel="Keep it"
        tone="danger"
        pending={busy}
        onConfirm={cancel}
        onCancel={() => setDialog(null)}
      >
        Every participant will see it as cancelled. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
