interface UsageMeterProps {
  label: string;
  /** What the meter says in words ('12 of 1,000 runs'). */
  text: string;
  /** 0–100; undefined draws no bar (nothing to measure against). */
  percent: number | undefined;
  hint?: string;
}

/**
 * A labelled usage bar. The bar is a native <meter>-like role="meter" element named by its label and
 * read out as its text, so a screen reader hears '12 of 1,000 runs' rather than a bare percentage.
 */
export function UsageMeter({ label, text, percent, hint }: UsageMeterProps) {
  const tone = percent === undefined ? '' : percent >= 100 ? ' usage-meter-full' : percent >= 80 ? ' usage-meter-high' : '';
  return (
    <div className={`usage-meter${tone}`}>
      <div className="usage-meter-head">
        <span className="usage-meter-label">{label}</span>
        <span className="usage-meter-text">{text}</span>
      </div>
      {percent === undefined ? null : (
        <div className="usage-meter-track" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text}>
          <div className="usage-meter-fill" style={{ width: `${percent}%` }} />
        </div>
      )}
      {hint ? <p className="usage-meter-hint">{hint}</p> : null}
    </div>
  );
}
