/**
 * /settings/api-reference: the API's OpenAPI document (GET /api/openapi.json, generated from the
 * contract the server parses with) as a readable, searchable reference, with how to authenticate.
 * The renderer loads with this screen only (api-reference-view.tsx imports it when it mounts).
 */
import { useQuery } from '@tanstack/react-query';
import { Download, KeyRound } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { OPENAPI_DOCUMENT_URL, openApiDocumentQuery } from '../../../api/openapi-api.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TableError } from '../../components/data/table-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { themeStore } from '../../stores/theme-store.ts';
import { ApiReferenceView } from './api-reference-view.tsx';
import './api-reference.css';

export const ApiReferenceScreen = observer(function ApiReferenceScreen() {
  usePageTitle('API Reference');
  const query = useQuery(openApiDocumentQuery());
  const baseUrl = `${window.location.origin}/api`;
  return (
    <div className="page api-reference-page">
      <PageHeader
        title="API Reference"
        description="Every call of the Flowsmith API, from the schemas the server checks requests with."
        actions={
          <>
            <Link to="/settings/api-keys" className="btn btn-secondary">
              <KeyRound width={16} height={16} aria-hidden="true" />
              API keys
            </Link>
            <a href={OPENAPI_DOCUMENT_URL} download="flowsmith-openapi.json" className="btn btn-secondary">
              <Download width={16} height={16} aria-hidden="true" />
              openapi.json
            </a>
          </>
        }
      />
      <section className="card api-reference-auth" aria-labelledby="api-reference-auth-title">
        <h2 id="api-reference-auth-title" className="card-title">
          Calling the API
        </h2>
        <p>
          Send each request to <code>{baseUrl}</code> with an <code>Authorization: Bearer …</code> header holding an API key
          (<code>fsk_…</code>, from <Link to="/settings/api-keys">API Keys</Link>) or an access token from <code>POST /auth/login</code>.
        </p>
        <pre className="api-reference-example">
          <code>{`curl -H "Authorization: Bearer fsk_…" ${baseUrl}/workflow/paginate`}</code>
        </pre>
      </section>
      <section className="api-reference-body" aria-label="Reference">
        {query.isPending ? (
          <div className="api-reference-loading" role="status">
            <Spinner size={20} />
            <span>Loading the API document…</span>
          </div>
        ) : query.isError ? (
          <TableError error={query.error} title="Could not load the API document" retrying={query.isFetching} onRetry={() => void query.refetch()} />
        ) : (
          <ApiReferenceView document={query.data} theme={themeStore.resolved} />
        )}
      </section>
    </div>
  );
});

export default ApiReferenceScreen;
