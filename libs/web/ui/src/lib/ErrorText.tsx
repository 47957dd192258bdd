import type { ReactNode } from 'react';

export interface ErrorTextProps {
  /** The message; nothing is rendered when it is empty, null or undefined. */
  children?: ReactNode;
}

/** An error message announced at once to assistive technology (role="alert"), in the error colour. */
export function ErrorText({ children }: ErrorTextProps) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <p className="pw-error" role="alert">
      {children}
    </p>
  );
}
