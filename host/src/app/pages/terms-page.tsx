// The terms are part of the product: plain words, no legalese for its own sake.

const SECTIONS: { title: string; body: string[] }[] = [
  {
    title: '1. What Bullpen is',
    body: [
      'Bullpen is a stock-picking contest platform. Contests are played with virtual money at simulated or delayed market prices. Nothing on Bullpen is an offer to buy or sell a security, investment advice, or a recommendation of any kind.',
      'No real money is deposited, traded, won or lost. Contest results have no cash value and cannot be exchanged for money or prizes unless a separate, written prize notice for a specific contest says otherwise.',
    ],
  },
  {
    title: '2. Your account',
    body: [
      'You sign in with a mobile phone number and a password. Keep your password to yourself; you are responsible for what happens under your account. One person, one account: accounts created to gain an advantage in a contest may be closed.',
      'Your call sign is public. It must not impersonate another person or company, and must not be offensive. We may ask you to change a call sign, or change it for you.',
    ],
  },
  {
    title: '3. Contests and fair play',
    body: [
      'A contest has a start and an end. You choose your picks before the start and can change them until it starts; at the start your starting cash is split equally across your picks. While a contest is live you may trade at the prices shown, with whole shares, without margin or short selling.',
      'Rankings are computed by Bullpen from the stored prices at each market update, and final standings are frozen at the end. Using automated tools to place orders, exploiting a defect, or coordinating accounts is cheating; we may remove the results and the accounts involved.',
      'Contest creators may edit or cancel a contest until it starts. Administrators may cancel any contest that has not started, for example one that breaks these terms.',
    ],
  },
  {
    title: '4. Prices',
    body: [
      'Every screen with prices says where they come from, in the footer and beside the prices. Bullpen shows prices from one of two sources, never both at once.',
      'Simulated prices, labelled "Simulated prices", come from Bullpen\'s own market simulator: a statistical model, trading around the clock. They are not quotes from any exchange and may differ widely from real markets.',
      'Delayed market prices, labelled "Prices delayed 15 min · Massive", are real prices of US stocks and funds from Massive (formerly Polygon.io), shown at least 15 minutes after the exchanges published them, never in real time. Each price shows its own time; a price that has not changed for 5 minutes while the market is open is marked stale. The market opens 9:30 AM to 4:00 PM New York time on trading days, closes on exchange holidays and closes early on some days; the screens say when it is closed and when it opens. While it is closed, prices and standings do not move.',
      'Orders are filled at the same delayed prices every player sees. Prices, including delayed ones, may be wrong or missing; results are computed from the prices Bullpen received.',
    ],
  },
  {
    title: '5. Privacy',
    body: [
      'We keep your phone number to let you sign in and to send you sign-in codes, and your profile (call sign, display name, bio) to show it to other players. Your picks, trades and results are shown to other players of the same contest as standings; your individual positions are visible only to you.',
      'We do not sell your data. We keep it while your account is open and delete it on request, except where the law requires us to keep it.',
    ],
  },
  {
    title: '6. Availability and changes',
    body: [
      'We work to keep Bullpen available but cannot promise it will never be interrupted. If a market update is missed, standings are computed at the next one. We may change these terms; when we do, we will show the new terms in the product before they apply.',
    ],
  },
  {
    title: '7. Contact',
    body: ['Questions about these terms or your data: support@bullpen.example.'],
  },
];

export function TermsPage() {
  return (
    <article className="host-terms" aria-labelledby="terms-title">
      <h1 id="terms-title">Terms of use</h1>
      <p className="host-terms__updated">Last updated 28 November 2026</p>
      {SECTIONS.map((section) => (
        <section key={section.title} className="host-terms__section">
          <h2>{section.title}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph.slice(0, 32)}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
