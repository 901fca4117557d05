import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { toast } from 'sonner';
import { authStore } from '../../stores/auth-store.ts';
import { AFTER_LOGOUT_URL } from '../../shell/logout.ts';
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
      <SessionsCard />
    </div>
  );
});

/** Ends every session of the account (SPEC §7 logout-all): for a lost laptop or a shared computer. */
function SessionsCard() {
  const [busy, setBusy] = useState(false);
  const signOutEverywhere = async () => {
    setBusy(true);
    try {
      await authStore.logoutAll();
      window.location.assign(AFTER_LOGOUT_URL);
    } catch {
      toast.error('Could not sign out of all devices. Please try again.');
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="profile-sessions-title">
      <div className="card-header">
        <h2 id="profile-sessions-title" className="card-title">
          Sessions
        </h2>
        <p className="card-description">Signs this account out on every device and browser, this one included.</p>
      </div>
      <div className="card-actions">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void signOutEverywhere()}>
          {busy ? 'Signing out…' : 'Sign out of all devices'}
        </button>
      </div>
    </section>
  );
}

export default ProfileScreen;
