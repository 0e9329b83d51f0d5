export { ConfirmPicksScreen } from './components/confirm-picks-screen';
export { PicksScreen } from './components/picks-screen';
