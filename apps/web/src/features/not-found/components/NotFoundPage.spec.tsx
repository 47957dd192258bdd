import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../../lib/browser';
import { renderApp } from '../../../test/renderApp';
import { FUN_FACT } from './NotFoundPage';

vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn() }));

describe('not-found page', () => {
  it("shows the spec's texts, both actions and a fun fact", async () => {
    renderApp('/definitely-not-a-page', { restore: false });
    expect(await screen.findByText('404')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Lost in Cyberspace' })).toBeTruthy();
    expect(screen.getByText("The page you're looking for has drifted into the digital void...")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take Me Home' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Fun fact' }).textContent).toContain(FUN_FACT);
  });

  it("'Take Me Home' goes back one history step", async () => {
    const { router } = renderApp('/lost', { history: ['/pricing', '/features'], restore: false });
    fireEvent.click(screen.getByRole('button', { name: 'Take Me Home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Features' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/features');
  });

  it("'Take Me Home' goes to the landing page when there is no step back", async () => {
    const { router } = renderApp('/lost', { restore: false });
    fireEvent.click(screen.getByRole('button', { name: 'Take Me Home' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transform Conversations with AI' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it("'Try Again' reloads the page", () => {
    renderApp('/lost', { restore: false });
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('404 glitch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const glitch = () => screen.getByText('404').getAttribute('data-glitch');
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('pulses every 4000 ms for 300 ms', () => {
    renderApp('/lost', { restore: false });
    expect(glitch()).toBe('false');

    advance(3999);
    expect(glitch()).toBe('false');
    advance(1); // 4000 ms
    expect(glitch()).toBe('true');
    expect(screen.getByText('404').className).toContain('not-found__code--glitch');
    advance(299); // 4299 ms
    expect(glitch()).toBe('true');
    advance(1); // 4300 ms
    expect(glitch()).toBe('false');

    advance(3699); // 7999 ms
    expect(glitch()).toBe('false');
    advance(1); // 8000 ms
    expect(glitch()).toBe('true');
    advance(300); // 8300 ms
    expect(glitch()).toBe('false');
  });

  it('stops pulsing once the page is left', () => {
    const { unmount } = renderApp('/lost', { restore: false });
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
