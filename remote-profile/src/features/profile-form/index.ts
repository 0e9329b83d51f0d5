export { errorsFromIssues } from './components/errors-from-issues';
export {
  callSignRules,
  isCallSign,
  type ProfileErrors,
  ProfileFields,
  type ProfileValues,
} from './components/profile-fields';
export { useProfileForm } from './hooks/use-profile-form';
