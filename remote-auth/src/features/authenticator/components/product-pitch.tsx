/** What Bullpen is, in a few lines beside the sign-in widget, for a first-time visitor. */
export function ProductPitch() {
  return (
    <section className="bullpen-auth__pitch" aria-labelledby="bullpen-pitch-title">
      <h2 id="bullpen-pitch-title" className="bullpen-auth__pitch-title">
        Stock-picking contests with friends
      </h2>
      <ul className="bullpen-auth__pitch-list">
        <li>
          <strong className="bullpen-auth__pitch-lead">Create a contest</strong> and share its link, or join one you
          were invited to. Play solo or in teams.
        </li>
        <li>
          <strong className="bullpen-auth__pitch-lead">Pick your stocks</strong> before the start: your virtual cash is
          split across your picks.
        </li>
        <li>
          <strong className="bullpen-auth__pitch-lead">Trade while it is live</strong> and watch the leaderboard move
          with every price tick.
        </li>
        <li>
          <strong className="bullpen-auth__pitch-lead">Virtual money, simulated prices:</strong> nothing real is bought
          or sold.
        </li>
      </ul>
    </section>
  );
}
