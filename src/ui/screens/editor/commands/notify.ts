/** How commands report a refused edit: a toast with the worker's reason, or the fallback sentence. */
import { toast } from 'sonner';
import { editErrorMessage } from '../edit-errors.ts';

export function failWith(fallback: string): (error: unknown) => void {
  return (error) => void toast.error(editErrorMessage(error, fallback));
}
