/**
 * /billing/3ds-callback: where a card issuer's 3-D Secure page returns. It reads the query
 * (three-ds.ts), replaces this history entry with /settings/billing — Back must not land here again and
 * repeat the toast — and says what came back in a toast.
 */
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { threeDsOutcome } from './three-ds.ts';

/** Longer than the default: the sentence is worth reading, and it arrives while the page changes. */
const TOAST_MS = 8000;

export function ThreeDsCallbackScreen() {
  usePageTitle('3-D Secure');
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const outcome = threeDsOutcome(query);
    void navigate('/settings/billing', { replace: true });
    toast[outcome.kind](outcome.message, { id: '3ds-callback', duration: TOAST_MS });
  }, [navigate, query]);

  return (
    <div className="page" role="status">
      <p className="settings-loading">
        <Spinner size={16} /> Returning to Billing…
      </p>
    </div>
  );
}

export default ThreeDsCallbackScreen;
