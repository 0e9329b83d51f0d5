export { AllocationTable } from './components/allocation-table';
export { ConfirmPicksScreen } from './components/confirm-picks-screen';
export { EquityPicker } from './components/equity-picker';
export { PicksScreen } from './components/picks-screen';
