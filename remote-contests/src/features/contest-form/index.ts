export { ContestForm } from './components/contest-form';
export {
  contestToFormValues,
  defaultContestFormValues,
  DEMO_TIMING_LIMITS,
  type ContestFormValues,
} from './lib/contest-form-values';
