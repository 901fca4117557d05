import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CopyPlus } from 'lucide-react';
import { useInstantiateTemplate } from '../../../api/templates-api.ts';
import { errorMessage } from '../../components/data/error-message.ts';
import { Spinner } from '../../components/ui/spinner.tsx';

/** Makes a new workflow from the template and opens it in the editor. */
export function UseTemplateButton({ templateId }: { templateId: string }) {
  const navigate = useNavigate();
  const use = useInstantiateTemplate();
  const onClick = () =>
    use.mutate(templateId, {
      onSuccess: ({ flow }) => {
        toast.success(`Created "${flow.displayName}" from the template`);
        navigate(`/workflows/${flow.id}/edit`);
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not use this template')),
    });
  return (
    <button type="button" className="btn btn-primary" onClick={onClick} disabled={use.isPending}>
      {use.isPending ? <Spinner size={16} /> : <CopyPlus width={16} height={16} aria-hidden="true" />}
      Use template
    </button>
  );
}
