import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  feedbackSourcesSchema,
  type ObjectiveCheck,
  type ProgressRecord,
  type StoredFeedback,
} from '@parley/contracts';

export interface FeedbackRow {
  session_id: string;
  scenario_id: string;
  clarity: string;
  empathy: string;
  persuasion: string;
  strengths: string[];
  weaknesses: string[];
  suggestions: string[];
  /**
   * The learner objectives' checks ride along in the evidence column (since custom scenarios), and so do
   * the fields' sources (since the model path fills what a model left out).
   */
  evidence: StoredFeedback['evidence'] & { objectives?: ObjectiveCheck[]; sources?: unknown };
  created_at: Date;
}

export function toFeedback(row: FeedbackRow): StoredFeedback {
  const { objectives, sources, ...evidence } = row.evidence;
  const readSources = feedbackSourcesSchema.safeParse(sources);
  return {
    session_id: row.session_id,
    scenario_id: row.scenario_id,
    clarity: Number(row.clarity),
    empathy: Number(row.empathy),
    persuasion: Number(row.persuasion),
    strengths: row.strengths,
    weaknesses: row.weaknesses,
    suggestions: row.suggestions,
    evidence,
    ...(objectives ? { objectives } : {}),
    ...(readSources.success ? { sources: readSources.data } : {}),
    created_at: row.created_at.toISOString(),
  };
}

@Injectable()
export class FeedbackRepository {
  constructor(private readonly dataSource: DataSource) {}

  async forSession(
    userId: string,
    sessionId: string,
    manager: EntityManager | DataSource = this.dataSource,
  ): Promise<StoredFeedback | null> {
    const rows: FeedbackRow[] = await manager.query(
      `SELECT * FROM feedback WHERE session_id = $1 AND user_id = $2`,
      [sessionId, userId],
    );
    return rows[0] ? toFeedback(rows[0]) : null;
  }

  async progress(userId: string): Promise<ProgressRecord[]> {
    const rows: FeedbackRow[] = await this.dataSource.query(
      `SELECT session_id, created_at, clarity, empathy, persuasion FROM feedback WHERE user_id = $1 ORDER BY created_at, session_id`,
      [userId],
    );
    return rows.map((r) => ({
      session_id: r.session_id,
      created_at: r.created_at.toISOString(),
      clarity: Number(r.clarity),
      empathy: Number(r.empathy),
      persuasion: Number(r.persuasion),
    }));
  }
}
