/**
 * A connection's test call: a GET to an address the person gives, sent by the server exactly as an HTTP
 * step would send it (the connection's headers, the address guard, redirects), answered with whether the
 * server took it. The secret never comes back; an echo of it is blanked by the server.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { connectionFieldErrors, connectionsApi, type Connection } from '../../../../api/connections-api.ts';
import { AppDialog } from '../../../components/data/dialog.tsx';
import { errorMessage } from '../../../components/data/error-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ConnectionField } from './connection-field.tsx';

/** The address last tested per connection, while the page lives: testing again is one click. */
const lastUrls = new Map<string, string>();

interface ConnectionTestDialogProps {
  connection: Connection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ConnectionTestDialog({ connection, open, onOpenChange }: ConnectionTestDialogProps) {
  const [url, setUrl] = useState(lastUrls.get(connection.id) ?? '');
  const test = useMutation({ mutationFn: (address: string) => connectionsApi.test(connection.id, address) });
  const urlError = test.isError ? connectionFieldErrors(test.error).url : undefined;
  const failure = test.isError && !urlError ? errorMessage(test.error) : undefined;

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={`Test ${connection.name}`} description="Sends a GET request with this connection, as an HTTP step would." size="md">
      <form
        className="dialog-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          lastUrls.set(connection.id, url.trim());
          test.mutate(url.trim());
        }}
      >
        <ConnectionField
          secret={false}
          label="URL"
          value={url}
          placeholder="https://api.example.com/me"
          hint="An address of the service that needs these credentials"
          error={urlError}
          onValueChange={(value) => {
            if (test.isError) test.reset();
            setUrl(value);
          }}
        />
        {test.data ? (
          <Alert variant={test.data.ok ? 'success' : 'error'} title={test.data.ok ? 'Connected' : 'The test failed'}>
            <p className="connection-test-message">{test.data.message}</p>
            <p className="connection-test-facts">
              {test.data.status === null ? 'No answer' : `HTTP ${test.data.status}`} · {test.data.duration} ms
            </p>
          </Alert>
        ) : null}
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)}>
            Done
          </button>
          <button type="submit" className="btn btn-primary" disabled={test.isPending || url.trim() === ''} aria-busy={test.isPending || undefined}>
            {test.isPending ? <Spinner size={14} /> : null}
            Send test request
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
