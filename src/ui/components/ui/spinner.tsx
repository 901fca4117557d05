/**
 * The loading spinner: lucide's "loader-circle" drawn inline, so the eager bundle (route fallbacks, the
 * login page) does not carry the icon library for one arc.
 */
export function Spinner({ size = 16, label }: { size?: number; label?: string }) {
  return (
    <svg
      className="spinner"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
    >
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </svg>
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
