import { useState } from 'react';
import { toast } from 'sonner';
import { authStore } from '../../stores/auth-store.ts';
import { AFTER_LOGOUT_URL } from '../../shell/logout.ts';
import { ConfirmDialog } from '../../components/data/confirm-dialog.tsx';

/** Ends every session of the account (SPEC §7 logout-all), after asking: for a lost laptop or a shared computer. */
export function ProfileSessionsCard() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const signOutEverywhere = async () => {
    setBusy(true);
    try {
      await authStore.logoutAll();
      window.location.assign(AFTER_LOGOUT_URL);
    } catch {
      toast.error('Could not sign out of all devices. Please try again.');
      setBusy(false);
      setAsking(false);
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
        <button type="button" className="btn btn-secondary" onClick={() => setAsking(true)}>
          Sign out of all devices
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Sign out of all devices?"
        description="Every device and browser signed in to this account, this one included, will have to sign in again."
        confirmLabel="Sign out everywhere"
        tone="default"
        busy={busy}
        onConfirm={() => void signOutEverywhere()}
      />
    </section>
  );
}
