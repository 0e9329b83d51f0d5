export { EditProfileForm } from './components/edit-profile-form';
export { ProfileView } from './components/profile-view';
