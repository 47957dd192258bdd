import { exportPdfBodySchema, RPC, type PracticeSession, type StoredFeedback } from '@parley/contracts';
import type { ServiceClients } from '../rpc/service-clients';
import { SessionReport } from './session-report';

const user = { id: '7d4f6c1e-2a8b-4c3d-9e0f-1a2b3c4d5e6f', plan: 'free' as const };
const sessionId = '0b6c2f4e-8d1a-4e3b-a5c7-9f0e1d2c3b4a';

const session = {
  id: sessionId,
  user_id: user.id,
  scenario_id: 'salary-negotiation',
  tone_preference: 'tough',
  avatar_style: 'neutral',
  created_at: '2026-11-20T14:30:00.000Z',
  messages: [
    { sender: 'ai', content: 'Hello.' },
    { sender: 'user', content: 'I would like a raise.' },
  ],
} as unknown as PracticeSession;

const feedback = {
  session_id: sessionId,
  scenario_id: 'salary-negotiation',
  clarity: 7.7,
  empathy: 8.4,
  persuasion: 5.5,
  strengths: ['Clear ask'],
  weaknesses: ['No figures'],
  suggestions: ['Name a number'],
  evidence: { clarity: [], empathy: [], persuasion: [] },
  objectives: [
    { objective: 'State the raise you want', met: true, line: 'I would like a raise.', index: 1 },
    { objective: 'Give two achievements', met: false },
    { objective: 'Stay calm', met: false, unsure: true },
  ],
  created_at: '2026-11-20T14:40:00.000Z',
} satisfies StoredFeedback;

function reportWith(answers: Record<string, unknown>): SessionReport {
  const clients = {
    sendAs: (_user: unknown, _service: string, pattern: string) =>
      pattern in answers ? Promise.resolve(answers[pattern]) : Promise.reject(new Error(pattern)),
  } as unknown as ServiceClients;
  return new SessionReport(clients);
}

describe('SessionReport (a stored session as the PDF report)', () => {
  it('carries the scores, lists, objectives (met, not met, unclear) and the coach thread, and parses as an export body', async () => {
    const body = await reportWith({
      [RPC.sessions.getSession]: session,
      [RPC.sessions.getScenario]: { title: 'Salary negotiation', description: 'Ask for a raise.' },
      [RPC.sessions.getFeedback]: feedback,
      [RPC.sessions.getCoachThread]: [
        { sender: 'user', content: 'Why was persuasion low?', created_at: '2026-11-20T14:41:00.000Z' },
        { sender: 'coach', content: 'No figure.', created_at: '2026-11-20T14:41:05.000Z' },
      ],
    }).of(user, sessionId);
    expect(body.feedback).toMatchObject({ clarity: 7.7, empathy: 8.4, persuasion: 5.5 });
    expect(body.feedback?.objectives).toEqual([
      { objective: 'State the raise you want', met: true, line: 'I would like a raise.' },
      { objective: 'Give two achievements', met: false },
      { objective: 'Stay calm', met: false, unsure: true },
    ]);
    expect(body.coach).toEqual([
      { sender: 'user', content: 'Why was persuasion low?' },
      { sender: 'coach', content: 'No figure.' },
    ]);
    expect(exportPdfBodySchema.parse(body).feedback?.objectives).toHaveLength(3);
  });

  it('exports a session without feedback (null) or without objectives', async () => {
    const base = {
      [RPC.sessions.getSession]: session,
      [RPC.sessions.getScenario]: { title: 'Salary negotiation' },
      [RPC.sessions.getCoachThread]: [],
    };
    const none = await reportWith({ ...base, [RPC.sessions.getFeedback]: null }).of(user, sessionId);
    expect(none.feedback).toBeNull();
    expect(none.coach).toBeUndefined();
    const { objectives: _dropped, ...older } = feedback;
    const plain = await reportWith({ ...base, [RPC.sessions.getFeedback]: older }).of(user, sessionId);
    expect(plain.feedback).not.toHaveProperty('objectives');
    expect(exportPdfBodySchema.safeParse(plain).success).toBe(true);
  });
});
