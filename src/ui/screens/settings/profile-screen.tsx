import { observer } from 'mobx-react-lite';
import { authStore } from '../../stores/auth-store.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';

/** /settings/profile: who is signed in. Editing the profile comes in a later issue. */
export const ProfileScreen = observer(function ProfileScreen() {
  usePageTitle('Profile');
  const user = authStore.user;
  return (
    <div className="page">
      <PageHeader title="Profile" description="Your account details" />
      <section className="card" aria-labelledby="profile-account-title">
        <div className="card-header">
          <h2 id="profile-account-title" className="card-title">
            Account
          </h2>
        </div>
        <dl className="details">
          <div className="details-row">
            <dt>Name</dt>
            <dd>{user?.name ?? '—'}</dd>
          </div>
          <div className="details-row">
            <dt>Email</dt>
            <dd>{user?.email ?? '—'}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
});

export default ProfileScreen;
