/**
 * SPEC §2: leaving the editor with unsaved changes asks, in order, 'You have unsaved changes. Do you want
 * to save before leaving?'; if the user declines, 'Are you sure you want to discard your changes?'; and
 * if saving fails, 'Failed to save changes. Do you want to leave anyway?'. Navigation inside the app is
 * held by react-router's blocker. Closing or reloading the tab while changes are unsaved or still being
 * sent asks the browser's own leave question (`beforeunload`, issue 16): the copy kept in this browser
 * is sent on the next visit, but only if there is one, on this device.
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useBlocker } from 'react-router';
import { AppDialog } from '../../components/data/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { EditorStore } from './store/editor-store.ts';

export const LEAVE_QUESTIONS = {
  save: 'You have unsaved changes. Do you want to save before leaving?',
  discard: 'Are you sure you want to discard your changes?',
  failed: 'Failed to save changes. Do you want to leave anyway?',
} as const;

type Step = 'save' | 'saving' | 'discard' | 'failed';

export const LeaveGuard = observer(function LeaveGuard({ store }: { store: EditorStore }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => store.hasUnsavedChanges && currentLocation.pathname !== nextLocation.pathname);
  const [step, setStep] = useState<Step>('save');

  useEffect(() => {
    if (blocker.state === 'blocked') setStep('save');
  }, [blocker.state]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!store.hasUnsavedChanges) return;
      event.preventDefault();
      event.returnValue = ''; // older Chromium asks only when this is set
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [store]);

  if (blocker.state !== 'blocked') return null;
  const stay = () => blocker.reset?.();
  const leave = () => blocker.proceed?.();

  const save = () => {
    setStep('saving');
    store.flush().then(leave, () => setStep('failed'));
  };
  const discard = () => {
    void store.remote.discardUnsaved().finally(leave);
  };

  const question = step === 'saving' ? LEAVE_QUESTIONS.save : LEAVE_QUESTIONS[step];
  return (
    <AppDialog
      open
      onOpenChange={(open) => {
        if (!open) stay();
      }}
      title="Leave the editor?"
      description={question}
      role="alertdialog"
      busy={step === 'saving'}
    >
      <div className="dialog-actions">
        {step === 'save' || step === 'saving' ? (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setStep('discard')} disabled={step === 'saving'}>
              Don't save
            </button>
            <button type="button" className="btn btn-primary" onClick={save} disabled={step === 'saving'}>
              {step === 'saving' ? <Spinner size={14} /> : null}
              Save
            </button>
          </>
        ) : step === 'discard' ? (
          <>
            <button type="button" className="btn btn-secondary" onClick={stay}>
              Stay
            </button>
            <button type="button" className="btn btn-danger" onClick={discard}>
              Discard changes
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn btn-secondary" onClick={stay}>
              Stay
            </button>
            <button type="button" className="btn btn-danger" onClick={leave}>
              Leave anyway
            </button>
          </>
        )}
      </div>
    </AppDialog>
  );
});
