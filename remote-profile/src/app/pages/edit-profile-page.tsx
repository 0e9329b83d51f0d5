import { EditProfileForm } from '../../features/profile';

export default function EditProfilePage() {
  return <EditProfileForm />;
}
