export { ProfileFields } from './components/profile-fields';
export { useProfileForm } from './hooks/use-profile-form';
