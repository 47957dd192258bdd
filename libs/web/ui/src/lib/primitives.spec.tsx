import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClassName, ErrorText, LoadingView, PageShell } from '../index';

describe('Button', () => {
  it('is a non-submitting button by default and forwards clicks', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Try Again</Button>);
    const button = screen.getByRole('button', { name: 'Try Again' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('pw-button pw-button--primary');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('applies the secondary variant and extra classes', () => {
    expect(buttonClassName('secondary', 'wide')).toBe('pw-button pw-button--secondary wide');
  });
});

describe('LoadingView', () => {
  it("announces 'Loading...' by default in a status region", () => {
    render(<LoadingView />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('shows a custom label', () => {
    render(<LoadingView label="Loading scenario..." />);
    expect(screen.getByRole('status').textContent).toBe('Loading scenario...');
  });
});

describe('PageShell', () => {
  it('renders a main landmark named by its level-1 heading', () => {
    render(
      <PageShell title="Settings" eyebrow="PARLEY" lead="Your preferences">
        <p>body</p>
      </PageShell>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('main', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByText('Your preferences')).toBeTruthy();
    // The eyebrow sits before the heading, outside its accessible name.
    const eyebrow = screen.getByText('PARLEY');
    expect(
      eyebrow.compareDocumentPosition(screen.getByRole('heading')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});

describe('ErrorText', () => {
  it('announces a message as an alert, and renders nothing without one', () => {
    const { container, rerender } = render(<ErrorText>{null}</ErrorText>);
    expect(container.innerHTML).toBe('');
    rerender(<ErrorText>{''}</ErrorText>);
    expect(container.innerHTML).toBe('');
    rerender(<ErrorText>Failed to delete session</ErrorText>);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Failed to delete session');
    expect(alert.className).toBe('pw-error');
  });
});
