/**
 * A practice through the public API as the chat screen holds one: the session (the server writes the
 * partner's opening; `start_over` asks for a new conversation rather than the scenario's active one),
 * then each learner line through chat-completion with `session_id` (the server stores the line and the
 * partner's streamed reply). The API takes no partner line from a client.
 */

/** A POST of a JSON body through the bench's own client (its address, token and timeouts). */
export type Post = (path: string, body: unknown) => Promise<Response>;

export interface PracticeScenario {
  id: string;
  title: string;
  description: string;
}

/** POST /api/user/sessions for a new conversation of the scenario; answers the session. */
export async function startPractice(
  post: Post,
  scenarioId: string,
  tone = 'neutral',
): Promise<{ id: string; messages: Array<{ sender: string; content: string }> }> {
  const res = await post('/api/user/sessions', {
    scenario_id: scenarioId,
    tone_preference: tone,
    start_over: true,
  });
  if (res.status !== 201)
    throw new Error(`POST /api/user/sessions answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as { id: string; messages: Array<{ sender: string; content: string }> };
}

/** One learner line in a stored session; answers the partner's whole reply (stored by the server). */
export async function sayLine(
  post: Post,
  sessionId: string,
  scenario: PracticeScenario,
  line: string,
  tone = 'neutral',
): Promise<string> {
  const res = await post('/api/chat/chat-completion', {
    session_id: sessionId,
    tone,
    scenario: { id: scenario.id, title: scenario.title, description: scenario.description },
    messages: [{ sender: 'user', content: line }],
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`chat-completion answered ${res.status}: ${text.slice(0, 300)}`);
  let reply = '';
  let done = false;
  for (const block of text.split('\n\n')) {
    if (!block.startsWith('data: ')) continue;
    const event = JSON.parse(block.slice(6)) as { content?: string; error?: string; done?: boolean };
    if (event.error) throw new Error(`chat-completion: ${event.error}`);
    if (typeof event.content === 'string') reply += event.content;
    if (event.done) done = true;
  }
  if (!done) throw new Error('chat-completion: the stream was cut off');
  return reply.trim();
}

/** A new session of the scenario with each line said in turn; answers its id. */
export async function practise(
  post: Post,
  scenario: PracticeScenario,
  lines: string[],
  tone = 'neutral',
): Promise<string> {
  const session = await startPractice(post, scenario.id, tone);
  for (const line of lines) await sayLine(post, session.id, scenario, line, tone);
  return session.id;
}
