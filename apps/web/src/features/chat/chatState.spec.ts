import { describe, expect, it } from 'vitest';
import {
  awaitingReply,
  waitingPartnerLine,
  canSend,
  chatReducer,
  conversation,
  initialChatState,
  toChatMessages,
  type ChatAction,
  type ChatState,
} from './chatState';

const run = (actions: ChatAction[], from: ChatState = initialChatState) => actions.reduce(chatReducer, from);
const started = run([
  { type: 'started', sessionId: 's1', messages: [{ id: 'o', sender: 'ai', content: 'Hello' }] },
]);
const ready = { scenarioReady: true, voiceBusy: false };

describe('chatReducer', () => {
  it('streams a reply into one growing AI message after the learner’s message', () => {
    const state = run(
      [
        { type: 'sent', message: { id: 'u1', sender: 'user', content: 'Hi' }, replyId: 'r1' },
        { type: 'chunk', replyId: 'r1', content: 'Hel' },
        { type: 'chunk', replyId: 'r1', content: 'lo!' },
      ],
      started,
    );
    expect(state.responding).toBe(true);
    expect(state.messages.map((m) => [m.sender, m.content, m.status])).toEqual([
      ['ai', 'Hello', undefined],
      ['user', 'Hi', undefined],
      ['ai', 'Hello!', 'streaming'],
    ]);
    const done = chatReducer(state, { type: 'replied', replyId: 'r1' });
    expect(done.responding).toBe(false);
    expect(done.messages.at(-1)).toEqual({ id: 'r1', sender: 'ai', content: 'Hello!' });
  });

  it('keeps a broken-off reply as interrupted, drops an empty one, and offers the retry', () => {
    const sent = run(
      [{ type: 'sent', message: { id: 'u1', sender: 'user', content: 'Hi' }, replyId: 'r1' }],
      started,
    );
    const partial = run(
      [
        { type: 'chunk', replyId: 'r1', content: 'Half a' },
        { type: 'replyFailed', replyId: 'r1', message: 'lost' },
      ],
      sent,
    );
    expect(partial.messages.at(-1)).toMatchObject({ content: 'Half a', status: 'interrupted' });
    expect(partial.streamError).toBe('lost');
    expect(awaitingReply(partial)).toBe(true);
    // Voice mode says only a whole line that waits for the learner: not a broken-off one.
    expect(waitingPartnerLine(partial.messages)).toBeUndefined();
    expect(waitingPartnerLine(sent.messages)).toBeUndefined();
    expect(waitingPartnerLine([{ id: 'a1', sender: 'ai', content: 'Tell me about yourself.' }])).toBe(
      'Tell me about yourself.',
    );
    // What the server knows leaves the broken reply out, so a retry answers the learner's message.
    expect(conversation(partial.messages).at(-1)).toEqual({ sender: 'user', content: 'Hi' });

    const empty = chatReducer(sent, {
      type: 'replyFailed',
      replyId: 'r1',
      message: 'HTTP error! status: 500',
    });
    expect(empty.messages.map((m) => m.id)).toEqual(['o', 'u1']);

    const retried = chatReducer(partial, { type: 'retried', replyId: 'r2' });
    expect(retried.messages.map((m) => [m.id, m.status])).toEqual([
      ['o', undefined],
      ['u1', undefined],
      ['r2', 'streaming'],
    ]);
    expect(retried.streamError).toBeNull();
  });

  it('refuses a second message while a reply is arriving, and any after the session ended', () => {
    const sent = run(
      [{ type: 'sent', message: { id: 'u1', sender: 'user', content: 'Hi' }, replyId: 'r1' }],
      started,
    );
    expect(
      chatReducer(sent, { type: 'sent', message: { id: 'u2', sender: 'user', content: 'x' }, replyId: 'r2' }),
    ).toBe(sent);
    const ended = chatReducer(sent, { type: 'ended' });
    expect(ended.phase).toBe('completed');
    expect(ended.feedback).toEqual({ status: 'loading' });
    expect(ended.messages.map((m) => m.id)).toEqual(['o', 'u1']); // the empty reply is gone
    expect(canSend(ended, 'more', ready)).toBe(false);
  });

  it('applies the send rules of spec section 5', () => {
    expect(canSend(started, 'Hello', ready)).toBe(true);
    expect(canSend(started, '   \n ', ready)).toBe(false);
    expect(canSend(started, 'Hello', { scenarioReady: false, voiceBusy: false })).toBe(false);
    expect(canSend(started, 'Hello', { scenarioReady: true, voiceBusy: true })).toBe(false);
    expect(canSend(initialChatState, 'Hello', ready)).toBe(false);
  });

  it('keeps non-text content of resumed messages, and leaves it out of what the server gets', () => {
    const messages = toChatMessages(
      [
        { sender: 'ai', content: 'Hi' },
        { sender: 'user', content: { bad: true } },
        { sender: 'robot', content: 'x' },
      ],
      'r',
    );
    expect(messages.map((m) => m.sender)).toEqual(['ai', 'user', 'ai']);
    expect(conversation(messages)).toEqual([
      { sender: 'ai', content: 'Hi' },
      { sender: 'ai', content: 'x' },
    ]);
  });

  it('clears feedback, speech, tips and the completed flag when the conversation starts again', () => {
    const finished = run(
      [
        { type: 'tipRequested', messageId: 'o' },
        { type: 'ended' },
        { type: 'feedbackFailed' },
        { type: 'loading' },
        { type: 'started', sessionId: 's2', messages: [{ id: 'o2', sender: 'ai', content: 'Again' }] },
      ],
      started,
    );
    expect(finished).toMatchObject({ phase: 'active', sessionId: 's2', tips: {}, speech: null });
    expect(finished.feedback).toEqual({ status: 'idle' });
  });
});

describe('the notice about the replies', () => {
  const DOWN =
    "The AI model is not answering, so Parley's offline partner carries on the conversation from here.";

  it('keeps the first notice of a session however many turns repeat it, and ignores a blank one', () => {
    const state = run(
      [
        { type: 'notice', text: '  ' },
        { type: 'notice', text: DOWN },
        { type: 'sent', message: { id: 'u1', sender: 'user', content: 'Hi' }, replyId: 'r1' },
        { type: 'notice', text: DOWN },
        { type: 'notice', text: 'Another word.' },
        { type: 'chunk', replyId: 'r1', content: 'Hello' },
        { type: 'replied', replyId: 'r1' },
      ],
      started,
    );
    expect(state.notice).toBe(DOWN);
    expect(state.messages.map((m) => m.content)).toEqual(['Hello', 'Hi', 'Hello']);
    expect(chatReducer(state, { type: 'ended' }).notice).toBe(DOWN);
  });

  it('starts over with a new session (Replay Session)', () => {
    const told = chatReducer(started, { type: 'notice', text: DOWN });
    const replayed = run(
      [
        { type: 'loading' },
        { type: 'started', sessionId: 's2', messages: [{ id: 'o', sender: 'ai', content: 'Hi' }] },
      ],
      told,
    );
    expect(replayed.notice).toBeNull();
  });
});
