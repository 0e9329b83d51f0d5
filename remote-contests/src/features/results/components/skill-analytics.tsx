import { AnalyticsPanel } from '@bullpen/shared/analytics';
import { Card } from '@bullpen/shared/ui';

/**
 * The skill figures of a completed contest: mine, and the player opened from the board beside them, so the two read
 * side by side (one above the other on a phone).
 */
export function SkillAnalytics({
  contestId,
  myUserId,
  other,
}: {
  contestId: string;
  /** Null when the viewer did not play. */
  myUserId: string | null;
  other: { userId: string; name: string } | null;
}) {
  if (!myUserId && !other) return null;
  return (
    <Card title="Skill analytics">
      <div className="bp-stack">
        <div className={other && myUserId ? 'bp-columns bp-columns--even' : 'bp-stack'}>
          {myUserId ? <AnalyticsPanel contestId={contestId} userId={myUserId} title="Your analytics" final /> : null}
          {other ? (
            <AnalyticsPanel contestId={contestId} userId={other.userId} title={`${other.name}'s analytics`} final />
          ) : null}
        </div>
        {other ? null : (
          <p className="bp-small bp-muted">
            Choose View on a player’s row of the board to see their analytics beside yours.
          </p>
        )}
      </div>
    </Card>
  );
}
