import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { SESSION_FLOW_ERRORS, type FeedbackSources, type SessionFeedback } from '@parley/contracts';
import { createServiceDataSource, queryRows } from '@parley/server-database';
import { Outbox } from '@parley/server-messaging';
import { createTestSchema, testEnv, type TestSchema } from '@parley/server-testing';
import { sessionsDatabase } from '../../database/sessions.database';
import { CompleteSessionUseCase } from './complete-session.use-case';
import { FeedbackRepository } from './feedback.repository';

/**
 * A feedback's `sources` (which fields the model wrote, read leniently, or the offline engine filled) against
 * the real PostgreSQL: stored with the session's completion and read back, and rows stored before sources
 * existed still read.
 */

let schema: TestSchema;
let db: DataSource;
let repository: FeedbackRepository;
let complete: CompleteSessionUseCase;
let scenarioId: string;

const sources: FeedbackSources = {
  clarity: 'model',
  empathy: 'normalised',
  persuasion: 'builtin',
  evidence: { clarity: 'builtin', empathy: 'model', persuasion: 'normalised' },
  objectives: 'builtin',
  strengths: 'model',
  weaknesses: 'normalised',
  suggestions: 'builtin',
};

const evidence: SessionFeedback['evidence'] = {
  clarity: [{ line: 'I would like 85k.', effect: 'earned', reason: 'a clear figure', index: 1 }],
  empathy: [],
  persuasion: [{ line: 'I would like 85k.', effect: 'cost', reason: 'no reason given', index: 1 }],
};

const objectives = [
  { objective: 'Name a figure', met: true, line: 'I would like 85k.', index: 1 },
  { objective: 'Give a reason', met: false },
];

/** An active session of a new learner in a catalogue scenario: the opening, one line and its answer. */
async function activeSession(): Promise<{ userId: string; sessionId: string }> {
  const userId = randomUUID();
  const sessionId = randomUUID();
  await db.query(
    `INSERT INTO practice_sessions (id, user_id, scenario_id, tone_preference, message_count) VALUES ($1, $2, $3, 'neutral', 3)`,
    [sessionId, userId, scenarioId],
  );
  await db.query(
    `INSERT INTO session_messages (session_id, seq, sender, content) VALUES ($1, 0, 'ai', 'What figure did you have in mind?'), ($1, 1, 'user', 'I would like 85k.'),
       ($1, 2, 'ai', 'That is above our band. What would you trade for it?')`,
    [sessionId],
  );
  return { userId, sessionId };
}

const caller = (userId: string) => ({ userId, plan: 'free' as const });

beforeAll(async () => {
  schema = await createTestSchema('sessions_feedback');
  db = await createServiceDataSource({
    url: testEnv.databaseUrl,
    schema: schema.name,
    applicationName: 'sessions-feedback-test',
    poolSize: 2,
    ...sessionsDatabase,
  }).initialize();
  await db.runMigrations();
  await sessionsDatabase.seed(db);
  const [first] = await queryRows<{ id: string }>(
    db,
    `SELECT id FROM scenarios WHERE owner_id IS NULL ORDER BY position LIMIT 1`,
  );
  scenarioId = first!.id;
  repository = new FeedbackRepository(db);
  complete = new CompleteSessionUseCase(db, new Outbox(schema.name, `${schema.name}.`), repository);
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await schema?.drop();
});

describe('stored feedback and its sources', () => {
  it('keeps the sources with the completed session and reads them back, apart from the evidence', async () => {
    const { userId, sessionId } = await activeSession();
    const feedback: SessionFeedback = {
      clarity: 7.5,
      empathy: 4,
      persuasion: 6,
      strengths: ['You named a figure.'],
      weaknesses: ['No reason behind it.'],
      suggestions: ['Say why the figure is fair.'],
      evidence,
      objectives,
      promptVersion: 'openai-feedback@2',
      sources,
    };

    const stored = await complete.execute(caller(userId), sessionId, feedback);
    expect(stored.sources).toEqual(sources);

    const read = await repository.forSession(userId, sessionId);
    expect(read).toMatchObject({
      session_id: sessionId,
      scenario_id: scenarioId,
      clarity: 7.5,
      empathy: 4,
      persuasion: 6,
      strengths: feedback.strengths,
      weaknesses: feedback.weaknesses,
      suggestions: feedback.suggestions,
      objectives,
      sources,
    });
    // The sources ride in the evidence column but are not evidence.
    expect(read?.evidence).toEqual(evidence);

    const [row] = await queryRows<{ evidence: Record<string, unknown> }>(
      db,
      `SELECT evidence FROM feedback WHERE session_id = $1`,
      [sessionId],
    );
    expect(row?.evidence['sources']).toEqual(sources);

    // Completing again gives the stored feedback back, sources included, and stores nothing new.
    const again = await complete.execute(caller(userId), sessionId, { ...feedback, sources: undefined });
    expect(again.sources).toEqual(sources);
  });

  it('completes no session without a learner line answered by the partner: nothing to score, nothing kept', async () => {
    const { userId, sessionId } = await activeSession();
    // The partner's answer never came: the learner's line is the last one.
    await db.query(`DELETE FROM session_messages WHERE session_id = $1 AND seq = 2`, [sessionId]);
    const feedback: SessionFeedback = {
      clarity: 10,
      empathy: 10,
      persuasion: 10,
      strengths: [],
      weaknesses: [],
      suggestions: [],
      evidence,
    };
    await expect(complete.execute(caller(userId), sessionId, feedback)).rejects.toMatchObject({
      error: { status: 409, error: SESSION_FLOW_ERRORS.notAnswered },
    });
    const rows: Array<{ status: string }> = await db.query(
      `SELECT status FROM practice_sessions WHERE id = $1`,
      [sessionId],
    );
    expect(rows).toEqual([{ status: 'active' }]);
    expect(await db.query(`SELECT 1 FROM feedback WHERE session_id = $1`, [sessionId])).toEqual([]);
    // Someone else's session: not found, whatever it holds.
    await expect(complete.execute(caller(randomUUID()), sessionId, feedback)).rejects.toMatchObject({
      error: { status: 404 },
    });
  });

  it('stores no sources for feedback the builtin engine wrote whole', async () => {
    const { userId, sessionId } = await activeSession();
    await complete.execute(caller(userId), sessionId, {
      clarity: 5,
      empathy: 5,
      persuasion: 5,
      strengths: [],
      weaknesses: [],
      suggestions: [],
      evidence,
    });
    const read = await repository.forSession(userId, sessionId);
    expect(read).not.toBeNull();
    expect(read).not.toHaveProperty('sources');
    expect(read?.evidence).toEqual(evidence);
  });

  it('still reads a row stored before sources existed, and one whose sources it cannot read', async () => {
    const old = await activeSession();
    await db.query(`UPDATE practice_sessions SET status = 'completed', completed_at = now() WHERE id = $1`, [
      old.sessionId,
    ]);
    // As rows were written before sources: the evidence lists with the objectives' checks beside them.
    await db.query(
      `INSERT INTO feedback (session_id, user_id, scenario_id, clarity, empathy, persuasion, strengths, weaknesses, suggestions, evidence)
       VALUES ($1, $2, $3, 6.5, 5, 4, $4, $5, $6, $7)`,
      [
        old.sessionId,
        old.userId,
        scenarioId,
        ['Clear ask.'],
        ['Little empathy.'],
        ['Acknowledge first.'],
        JSON.stringify({ ...evidence, objectives }),
      ],
    );
    const read = await repository.forSession(old.userId, old.sessionId);
    expect(read).toMatchObject({
      clarity: 6.5,
      empathy: 5,
      persuasion: 4,
      strengths: ['Clear ask.'],
      objectives,
      evidence,
    });
    expect(read).not.toHaveProperty('sources');
    // Completing the old session again answers its stored feedback, as before.
    const again = await complete.execute(caller(old.userId), old.sessionId, {
      clarity: 1,
      empathy: 1,
      persuasion: 1,
      strengths: [],
      weaknesses: [],
      suggestions: [],
      evidence,
      sources,
    });
    expect(again.clarity).toBe(6.5);
    expect(again).not.toHaveProperty('sources');

    // Sources in a shape this version cannot read are left out, the rest of the row still reads.
    const odd = await activeSession();
    await db.query(
      `INSERT INTO feedback (session_id, user_id, scenario_id, clarity, empathy, persuasion, strengths, weaknesses, suggestions, evidence)
       VALUES ($1, $2, $3, 3, 3, 3, '{}', '{}', '{}', $4)`,
      [odd.sessionId, odd.userId, scenarioId, JSON.stringify({ ...evidence, sources: { clarity: 'guess' } })],
    );
    const oddRead = await repository.forSession(odd.userId, odd.sessionId);
    expect(oddRead).toMatchObject({ clarity: 3, evidence });
    expect(oddRead).not.toHaveProperty('sources');
  });
});
