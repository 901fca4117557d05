/**
 * The email-change link opens /settings/profile?email_token=… (after the sign-in page, when signed out:
 * the guard keeps the whole address in its redirect). The token is taken out of the address bar at once —
 * it is spent either way, and must not stay in the history — and sent by this signed-in session, which is
 * what makes the change: the mail alone, or the session alone, is not enough.
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { EMAIL_TOKEN_PARAM } from '../../../domain/contract/account.ts';
import { accountApi, accountKeys } from '../../../api/account-api.ts';
import { authStore } from '../../stores/auth-store.ts';
import { errorMessage } from '../../components/data/error-message.ts';

export type EmailLinkOutcome = { kind: 'success' | 'error'; message: string } | null;

/**
 * `settling` is true from the moment a token is in the address until its answer came: the account is read
 * after that, not during it (a read already on the wire would answer the old address, and a refetch asked
 * for meanwhile would only join it).
 */
export function useEmailLink(): { outcome: EmailLinkOutcome; confirming: boolean; settling: boolean } {
  const [params, setParams] = useSearchParams();
  const token = params.get(EMAIL_TOKEN_PARAM);
  const queryClient = useQueryClient();
  // React runs effects twice in development: a token is sent once (a second try would find it spent).
  const sent = useRef<string | null>(null);
  const [outcome, setOutcome] = useState<EmailLinkOutcome>(null);
  // Set in the same render as the token leaves the address, so no render in between reads the account.
  const [awaiting, setAwaiting] = useState(false);
  const confirm = useMutation({
    mutationFn: (emailToken: string) => accountApi.confirmEmail(emailToken),
    onSuccess: (user) => {
      authStore.updateUser(user);
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      const message = `Your email is now ${user.email}.`;
      setOutcome({ kind: 'success', message });
      toast.success(message);
    },
    onError: (error) => setOutcome({ kind: 'error', message: errorMessage(error) }),
    onSettled: () => setAwaiting(false),
  });

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    setAwaiting(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(EMAIL_TOKEN_PARAM);
        return next;
      },
      { replace: true },
    );
    confirm.mutate(token);
  }, [token, setParams, confirm]);

  return { outcome, confirming: confirm.isPending, settling: token !== null || awaiting };
}
