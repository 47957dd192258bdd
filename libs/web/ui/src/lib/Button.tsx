import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary';

/** Class names for anything that should look like a button (a router link, for instance). */
export function buttonClassName(variant: ButtonVariant = 'primary', extra?: string): string {
  return ['pw-button', `pw-button--${variant}`, extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

/** A native button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'primary', className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className)} {...rest} />;
}
