// The floor of bench/web (DESIGN §8): a bare React 19 page, react and react-dom only, that fetches one JSON document
// from the real API with the signed-in user's ID token (read where Amplify keeps it) and renders the same row /home
// shows first: a link named after the contest. Built by bench/web/run.ts and served by the host's static server.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

declare const FLOOR_API: string;
declare const FLOOR_CLIENT_ID: string;

interface Row {
  _id: string;
  name: string;
}

function idToken(): string {
  const prefix = `CognitoIdentityServiceProvider.${FLOOR_CLIENT_ID}`;
  const user = localStorage.getItem(`${prefix}.LastAuthUser`);
  return (user && localStorage.getItem(`${prefix}.${user}.idToken`)) ?? '';
}

function Floor() {
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    fetch(`${FLOOR_API}/contest/active`, { headers: { accept: 'application/json', authorization: idToken() } })
      .then((response) => response.json() as Promise<{ contests: Row[] }>)
      .then((data) => setRows(data.contests))
      .catch(() => setRows([]));
  }, []);
  return (
    <main>
      <h1>Your contests</h1>
      {rows === null ? <p>Loading</p> : null}
      {rows?.map((row) => (
        <a key={row._id} href={`/live-contest/${row._id}`}>
          {row.name}
        </a>
      ))}
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Floor />);
