import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CopyPlus } from 'lucide-react';
import { useInstantiateTemplate } from '../../../api/templates-api.ts';
import { errorMessage } from '../../components/data/error-message.ts';
import { Spinner } from '../../components/ui/spinner.tsx';

interface UseTemplateButtonProps {
  templateId: string;
  size?: 'sm' | 'md';
  /** An accessible name naming the template, where several buttons share a page (the gallery). */
  label?: string;
}

/** Makes a new workflow from the template and opens it in the editor. */
export function UseTemplateButton({ templateId, size = 'md', label }: UseTemplateButtonProps) {
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
  const iconSize = size === 'sm' ? 14 : 16;
  return (
    <button type="button" className={size === 'sm' ? 'btn btn-primary btn-sm' : 'btn btn-primary'} onClick={onClick} disabled={use.isPending} aria-label={label}>
      {use.isPending ? <Spinner size={iconSize} /> : <CopyPlus width={iconSize} height={iconSize} aria-hidden="true" />}
      Use template
    </button>
  );
}
