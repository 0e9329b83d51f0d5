export {
  callSignRules,
  isCallSign,
  type ProfileErrors,
  ProfileFields,
  type ProfileValues,
} from './components/profile-fields';
export { errorsFromIssues } from './components/errors-from-issues';
