import { useNavigate, useParams } from '@bullpen/shared';
import { Callout, Page, PageError, PageHeader, PageLoader } from '@bullpen/shared/ui';
import { ContestForm, contestToFormValues } from '../../features/contest-form';
import {
  canManage,
  ContestBlocked,
  contestPaths,
  editContest,
  isManager,
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
      <Page label="Edit contest">
        <PageError
          title="This contest could not be loaded"
          message={(error as Error).message}
          onRetry={() => void mutate()}
        />
      </Page>
    );
  }
  if (!contest) {
    return (
      <Page label="Edit contest">
        <PageLoader label="Loading the contest…" />
      </Page>
    );
  }

  if (!canManage(contest, viewer)) {
    const reason = !isManager(contest, viewer)
      ? `Only the contest's creator (${contest.createdBy.ticker}) or an admin can edit it.`
      : `The contest is ${STATUS_LABEL[contest.status].toLowerCase()}: contests can only be edited before they start.`;
    return (
      <Page label="Edit contest">
        <ContestBlocked
          eyebrow="Edit contest"
          title={contest.name}
          notice="You can’t edit this contest"
          reason={reason}
          action={{ to: contestPaths.detail(contest._id), label: 'Back to the contest' }}
        />
      </Page>
    );
  }

  return (
    <Page label="Edit contest">
      <PageHeader eyebrow="Edit contest" title={contest.name} />
      {contest.participantsCount > 0 ? (
        <Callout
          tone="info"
          title={`${contest.participantsCount} player${contest.participantsCount === 1 ? ' has' : 's have'} joined`}
        >
          Picks per player and starting cash are locked, teams cannot be removed, and max participants cannot be set
          below the {contest.participantsCount} already in.
        </Callout>
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
    </Page>
  );
}
