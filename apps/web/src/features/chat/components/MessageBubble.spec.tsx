import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, TipState } from '../chatState';
import { MessageBubble } from './MessageBubble';

const coaching = {
  communicationAnalysis: 'Direct and clear.',
  strategicImpact: 'Sets the anchor.',
  improvementOpportunity: 'Give a reason.',
  enhancedVersion: 'I would like a raise because my scope grew.',
};
const message: ChatMessage = { id: 'm1', sender: 'user', content: 'I want a raise.' };

/** The bubble as the chat uses it: a requested tip arrives, and the same button then closes it. */
function Harness({ onRequest }: { onRequest: () => void }) {
  const [tip, setTip] = useState<TipState | undefined>(undefined);
  return (
    <ul>
      <MessageBubble
        message={message}
        avatarStyle={null}
        tip={tip}
        onRequestTip={() => {
          onRequest();
          setTip({ status: 'shown', coaching });
        }}
      />
    </ul>
  );
}

describe('the coaching-tip button', () => {
  it('opens the tip, closes it again, and reopens it without asking for another', () => {
    const onRequest = vi.fn();
    render(<Harness onRequest={onRequest} />);
    fireEvent.click(screen.getByRole('button', { name: 'Get coaching tip' }));
    expect(screen.getByRole('complementary', { name: 'Coaching tip' })).toBeTruthy();
    const hide = screen.getByRole('button', { name: 'Hide coaching tip' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(hide);
    expect(screen.queryByRole('complementary', { name: 'Coaching tip' })).toBeNull();
    const show = screen.getByRole('button', { name: 'Show coaching tip' });
    expect(show.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(show);
    expect(screen.getByRole('complementary', { name: 'Coaching tip' })).toBeTruthy();
    expect(onRequest).toHaveBeenCalledTimes(1);
  });
});
