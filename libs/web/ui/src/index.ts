import './styles.css';

export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './lib/Button';
export { LoadingView, Spinner, type LoadingViewProps } from './lib/Spinner';
export { PageShell, type PageShellProps } from './lib/PageShell';
export { Dialog, type DialogProps } from './lib/Dialog';
export { ErrorText, type ErrorTextProps } from './lib/ErrorText';
