/**
 * /settings/profile ('Account' in the settings panel): the signed-in user's name, sign-in email,
 * password, sessions and the account itself, one card each, over GET /api/account. Following an
 * email-change link lands here too (use-email-link.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { accountQuery } from '../../../api/account-api.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TableError } from '../../components/data/table-error.tsx';
import { ProfileNameCard } from './profile-name-card.tsx';
import { ProfileEmailCard } from './profile-email-card.tsx';
import { ProfilePasswordCard } from './profile-password-card.tsx';
import { ProfileSessionsCard } from './profile-sessions-card.tsx';
import { ProfileDeleteCard } from './profile-delete-card.tsx';
import { useEmailLink } from './use-email-link.ts';
import './profile.css';

export function ProfileScreen() {
  usePageTitle('Profile');
  const emailLink = useEmailLink();
  const account = useQuery({ ...accountQuery(), enabled: !emailLink.settling });

  let cards;
  if (account.isPending) {
    cards = (
      <div className="card profile-loading" role="status" aria-live="polite">
        <Spinner size={20} />
        <span>Loading your account…</span>
      </div>
    );
  } else if (account.isError) {
    cards = (
      <section className="card">
        <TableError title="Could not load your account" error={account.error} onRetry={() => void account.refetch()} retrying={account.isFetching} />
      </section>
    );
  } else {
    const data = account.data;
    cards = (
      <>
        <ProfileNameCard key={data.user.name} name={data.user.name} />
        <ProfileEmailCard account={data} />
        <ProfilePasswordCard account={data} />
        <ProfileSessionsCard />
        <ProfileDeleteCard account={data} />
      </>
    );
  }

  return (
    <div className="page profile-page">
      <PageHeader title="Profile" description="Your name, how you sign in, and where you are signed in" />
      {emailLink.confirming ? (
        <div className="profile-pending profile-confirming" role="status">
          <Spinner size={14} /> Confirming your new email…
        </div>
      ) : null}
      {emailLink.outcome ? (
        <Alert variant={emailLink.outcome.kind} title={emailLink.outcome.kind === 'success' ? 'Email changed' : 'The email was not changed'}>
          {emailLink.outcome.message}
        </Alert>
      ) : null}
      {cards}
    </div>
  );
}

export default ProfileScreen;
