import { useParams } from 'react-router-dom';

// Placeholder until this remote's issue builds the screen: title and route params only.
export default function LiveContestPage() {
  const params = useParams();
  return (
    <section>
      <h1>Live contest</h1>
      {params.contestId ? <p>Contest {params.contestId}</p> : null}
    </section>
  );
}
