import type { PracticeSessionSummary, ProgressRecord } from '@parley/contracts';
import type { Options } from 'highcharts';
import type { ChartTheme } from './chartTheme';
import { attemptsOverTimeOptions } from './progressChart';
import { sessionDateLabel } from './progressStats';

/** One scenario's scored sessions, first retry or not, oldest first. */
export interface ScenarioProgress {
  scenarioId: string;
  title: string;
  records: ProgressRecord[];
}

/**
 * The scenarios with scored sessions, from the progress records (scores, oldest first) and the session
 * history (which scenario each session practised): most practised first, then by title.
 */
export function progressByScenario(
  records: readonly ProgressRecord[],
  sessions: readonly PracticeSessionSummary[],
): ScenarioProgress[] {
  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  const byScenario = new Map<string, ScenarioProgress>();
  for (const record of records) {
    const session = sessionById.get(record.session_id);
    if (!session) continue;
    const entry = byScenario.get(session.scenario_id) ?? {
      scenarioId: session.scenario_id,
      title: session.scenario_title ?? session.scenario_id,
      records: [],
    };
    entry.records.push(record);
    byScenario.set(session.scenario_id, entry);
  }
  return [...byScenario.values()].sort(
    (a, b) => b.records.length - a.records.length || a.title.localeCompare(b.title),
  );
}

/** The option that names a scenario in the picker: its title and how many scored attempts it has. */
export function scenarioOptionLabel(entry: ScenarioProgress): string {
  return `${entry.title} (${entry.records.length} ${entry.records.length === 1 ? 'attempt' : 'attempts'})`;
}

/** One scenario's attempts over time: the progress chart, each point an attempt with its date. */
export function scenarioChartOptions(entry: ScenarioProgress, theme: ChartTheme): Options {
  return attemptsOverTimeOptions(
    entry.records,
    entry.records.map((r, i) => `Attempt ${i + 1} · ${sessionDateLabel(r.created_at)}`),
    `Clarity, empathy and persuasion out of 10 for each scored attempt of ${entry.title}, oldest first.`,
    theme,
  );
}
