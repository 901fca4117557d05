interface SubmitButtonProps {
  label: string;
  busy: boolean;
}

/** The form's primary button: reads 'Loading...' and is disabled while the request runs (SPEC §2, §4). */
export function SubmitButton({ label, busy }: SubmitButtonProps) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
      {busy ? 'Loading...' : label}
    </button>
  );
}
