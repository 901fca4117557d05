/**
 * /workflows/:id/edit (no sidebar): loads the workflow, starts the editor worker, and opens the version
 * in it. The raw stored version goes to the worker as it came, so a 10,000-step flow is parsed off the
 * UI thread; the UI mirrors what the worker answers.
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SearchX } from 'lucide-react';
import { isNotFound } from '../../../api/workflows-api.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { TableError } from '../../components/data/table-error.tsx';
import { EditorStore } from './store/editor-store.ts';
import { takeEditorPreload } from './editor-preload.ts';
import { nextPaint } from './next-paint.ts';
import { EditorWorkspace } from './editor-workspace.tsx';
import './editor.css';

const NOT_FOUND_TITLE = 'Workflow not found';

function WorkflowNotFound() {
  return (
    <div className="page">
      <div className="card editor-not-found">
        <span className="empty-state-icon" aria-hidden="true">
          <SearchX width={20} height={20} />
        </span>
        <h1 className="editor-not-found-title">{NOT_FOUND_TITLE}</h1>
        <p className="empty-state-text">It may have been deleted, or the link is wrong.</p>
        <Link to="/workflows" className="btn btn-primary empty-state-action">
          Back to workflows
        </Link>
      </div>
    </div>
  );
}

type LoadState = { kind: 'loading' } | { kind: 'ready' } | { kind: 'missing' } | { kind: 'error'; error: unknown };

export const EditorScreen = observer(function EditorScreen() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const [store, setStore] = useState<EditorStore | null>(null);
  const [load, setLoad] = useState<LoadState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const { connection, served } = takeEditorPreload(id);
    const editor = new EditorStore({
      remote: connection.remote,
      notify: (kind, message) => toast[kind](message),
      storage: typeof localStorage === 'undefined' ? null : localStorage,
    });
    let cancelled = false;
    setLoad({ kind: 'loading' });
    const show = () => {
      if (cancelled) return;
      setStore(editor);
      setLoad({ kind: 'ready' });
    };
    served
      // A large version is shown before the worker has checked it, and checked once painted; the editor stays
      // read-only until then.
      .then((json) => (json ? editor.openServed(json, { onShown: show, painted: nextPaint }) : editor.openWorkflow(id)))
      .then((opened) => {
        if (cancelled) return;
        show();
        if (opened.recovered) toast.info('Unsaved changes from your last visit were restored and are being saved.');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const status = (error as { status?: number }).status;
        setLoad(isNotFound(error) || status === 400 ? { kind: 'missing' } : { kind: 'error', error });
      });
    return () => {
      cancelled = true;
      setStore(null);
      void editor.dispose().finally(() => connection.terminate());
      // The list and outline screens show names and states the editor may have changed.
      void queryClient.invalidateQueries({ queryKey: ['workflows'] });
    };
  }, [id, attempt, queryClient]);

  usePageTitle(store?.head?.displayName ?? (load.kind === 'missing' ? NOT_FOUND_TITLE : 'Workflow'));

  if (load.kind === 'missing') return <WorkflowNotFound />;
  if (load.kind === 'error') {
    return (
      <div className="page">
        <h1 className="visually-hidden">Workflow</h1>
        <div className="card">
          <TableError error={load.error} title="Could not load this workflow" onRetry={() => setAttempt((n) => n + 1)} retrying={false} />
        </div>
      </div>
    );
  }
  if (!store || load.kind === 'loading') return <FullPageSpinner label="Loading workflow" />;
  return <EditorWorkspace store={store} onReload={() => setAttempt((n) => n + 1)} />;
});

export default EditorScreen;
