import { LoaderCircle } from 'lucide-react';

export function Spinner({ size = 16, label }: { size?: number; label?: string }) {
  return (
    <LoaderCircle
      className="spinner"
      width={size}
      height={size}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
    />
  );
}

/** Covers the page while something the whole screen depends on loads (route chunks, the profile). */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="full-page-spinner" role="status" aria-live="polite">
      <Spinner size={24} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
