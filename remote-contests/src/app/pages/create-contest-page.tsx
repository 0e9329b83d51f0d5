import { useState } from 'react';
import { Page, PageHeader } from '@bullpen/shared/ui';
import { useNavigate } from '@bullpen/shared';
import { ContestForm, defaultContestFormValues } from '../../features/contest-form';
import { contestPaths, createContest, useContestCache } from '../../features/contests';

export default function CreateContestPage() {
  const navigate = useNavigate();
  const { putContest } = useContestCache();
  const [initialValues] = useState(() => defaultContestFormValues());
  return (
    <Page label="Create a contest">
      <PageHeader
        eyebrow="New contest"
        title="Create a contest"
        subtitle="Set the rules, then share the invitation link. You join by saving your own picks."
      />
      <ContestForm
        initialValues={initialValues}
        submitLabel="Create contest"
        busyLabel="Creating…"
        onCancel={() => navigate(-1)}
        onSubmit={async (body) => {
          // A refusal is shown by the form: on its fields, or as a toast.
          const { data } = await createContest(body);
          await putContest(data);
          navigate(contestPaths.confirmed(data._id));
        }}
      />
    </Page>
  );
}
