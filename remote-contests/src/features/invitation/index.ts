export { ContestHero } from './components/contest-hero';
export { InvitationShare } from './components/invitation-share';
export { invitationUrl, rememberReturnAddress, shareText } from './lib/invitation-link';
