export { ContestForm } from './components/contest-form';
export { contestToFormValues, defaultContestFormValues } from './lib/contest-form-values';
