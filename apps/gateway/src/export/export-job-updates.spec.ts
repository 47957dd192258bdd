import type { ExportJobEvent } from '@parley/contracts';
import { isAhead } from './export-job-updates';

const at = (status: ExportJobEvent['status'], progress: number): ExportJobEvent => ({
  id: '22222222-2222-4222-8222-222222222222',
  status,
  progress,
  error: status === 'failed' ? 'The export could not be rendered' : null,
});

describe('which update a progress stream sends', () => {
  it('sends the first state, later statuses and more progress', () => {
    expect(isAhead(at('queued', 0), undefined)).toBe(true);
    expect(isAhead(at('running', 0), at('queued', 0))).toBe(true);
    expect(isAhead(at('running', 50), at('running', 25))).toBe(true);
    expect(isAhead(at('done', 100), at('running', 99))).toBe(true);
    expect(isAhead(at('failed', 30), at('running', 30))).toBe(true);
  });

  it('never goes back: a repeat, a stale read, a retry starting again at 0, anything after the end', () => {
    expect(isAhead(at('running', 50), at('running', 50))).toBe(false);
    expect(isAhead(at('queued', 0), at('running', 0))).toBe(false);
    // A worker died and another claimed the job again: progress restarts at 0 in the row.
    expect(isAhead(at('running', 0), at('running', 75))).toBe(false);
    expect(isAhead(at('failed', 0), at('done', 100))).toBe(false);
    expect(isAhead(at('done', 100), at('failed', 30))).toBe(false);
  });
});
