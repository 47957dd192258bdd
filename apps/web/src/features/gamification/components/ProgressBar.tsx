import './ProgressBar.css';

export interface ProgressBarProps {
  /** Accessible name, e.g. 'Level progress'. */
  label: string;
  value: number;
  max: number;
  /** What a screen reader reads instead of the bare number, e.g. '120 / 300 XP'. */
  valueText?: string;
}

/** A labelled horizontal bar; the fill is clamped to 0–100 %. */
export function ProgressBar({ label, value, max, valueText }: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(Math.max(value, 0), max)}
      aria-valuetext={valueText}
    >
      <div className="progress-bar__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
