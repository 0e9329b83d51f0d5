import { useNavigate, useParams } from '@bullpen/shared';
import { PageError, PageHeader, PageLoader } from '@bullpen/shared/ui';
import { ContestForm, contestToFormValues } from '../../features/contest-form';
import {
  ButtonLink,
  canManage,
  contestPaths,
  editContest,
  isManager,
  Notice,
  Screen,
  STATUS_LABEL,
  toast,
  useContest,
  useContestCache,
  useErrorToast,
  useViewer,
} from '../../features/contests';

export default function EditContestPage() {
  const { contestId = '' } = useParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const { putContest } = useContestCache();
  const { data, error, mutate } = useContest(contestId);
  const contest = data?.contest;
  useErrorToast(error, !contest);

  if (error && !contest) {
    return (
      <Screen label="Edit contest">
        <PageError
          title="This contest could not be loaded"
          message={(error as Error).message}
          onRetry={() => void mutate()}
        />
      </Screen>
    );
  }
  if (!contest) {
    return (
      <Screen label="Edit contest">
        <PageLoader label="Loading the contest…" />
      </Screen>
    );
  }

  const title = <PageHeader eyebrow="Edit contest" title={contest.name} />;
  if (!canManage(contest, viewer)) {
    const reason = !isManager(contest, viewer)
      ? `Only the contest's creator (${contest.createdBy.ticker}) or an admin can edit it.`
      : `The contest is ${STATUS_LABEL[contest.status].toLowerCase()}: contests can only be edited before they start.`;
    return (
      <Screen label="Edit contest">
        {title}
        <Notice tone="warning" title="You can’t edit this contest">
          {reason}
        </Notice>
        <div className="bpc-row">
          <ButtonLink to={contestPaths.detail(contest._id)} variant="primary">
            Back to the contest
          </ButtonLink>
        </div>
      </Screen>
    );
  }

  return (
    <Screen label="Edit contest">
      {title}
      {contest.participantsCount > 0 ? (
        <Notice
          tone="primary"
          title={`${contest.participantsCount} player${contest.participantsCount === 1 ? ' has' : 's have'} joined`}
        >
          Picks per player and starting cash are locked, teams cannot be removed, and max participants cannot be set
          below the {contest.participantsCount} already in.
        </Notice>
      ) : null}
      <ContestForm
        key={contest.updatedAt}
        initialValues={contestToFormValues(contest)}
        submitLabel="Save changes"
        busyLabel="Saving…"
        lockEconomics={contest.participantsCount > 0}
        joined={contest.participantsCount}
        // Which teams players chose is not in the contest view, so every saved team is kept once anyone joined.
        lockedTeams={contest.participantsCount > 0 ? contest.affiliations : []}
        onCancel={() => navigate(contestPaths.detail(contest._id))}
        onSubmit={async (body) => {
          // A refusal is shown by the form: on its fields, or as a toast.
          const { data: saved } = await editContest({ contestId: contest._id, ...body });
          await putContest(saved);
          toast.success('Contest updated');
          navigate(contestPaths.detail(saved._id));
        }}
      />
    </Screen>
  );
}
