export { ContestHero } from './components/contest-hero';
export { InvitationLayout, JoinAction } from './components/invitation-layout';
export { InvitationShare } from './components/invitation-share';
export { rememberReturnAddress } from './lib/invitation-link';
