/** A purely decorative spinner; pair it with visible text (see LoadingView). */
export function Spinner() {
  return <span className="pw-spinner" aria-hidden="true" />;
}

export interface LoadingViewProps {
  /** What is loading; the product's default text is 'Loading...'. */
  label?: string;
}

/** A polite live region announcing that content is on its way. */
export function LoadingView({ label = 'Loading...' }: LoadingViewProps) {
  return (
    <div className="pw-loading" role="status" aria-live="polite">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
