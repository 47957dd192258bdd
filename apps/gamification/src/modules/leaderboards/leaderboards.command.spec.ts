import { parseLeaderboardsCommand } from './leaderboards.command';

describe('the leaderboards command line', () => {
  it('understands "leaderboards rebuild"', () => {
    expect(parseLeaderboardsCommand(['leaderboards', 'rebuild'])).toEqual({ action: 'rebuild' });
  });

  it('prints help without arguments or when asked', () => {
    expect(parseLeaderboardsCommand([])).toEqual({ help: true });
    expect(parseLeaderboardsCommand(['leaderboards', '--help'])).toEqual({ help: true });
  });

  it('says what is wrong with anything else', () => {
    expect(parseLeaderboardsCommand(['badges'])).toEqual({ error: 'unknown command "badges"' });
    expect(parseLeaderboardsCommand(['leaderboards'])).toEqual({
      error: 'missing action: leaderboards rebuild',
    });
    expect(parseLeaderboardsCommand(['leaderboards', 'drop'])).toEqual({
      error: 'unknown leaderboards action "drop"',
    });
    expect(parseLeaderboardsCommand(['leaderboards', 'rebuild', 'now'])).toEqual({
      error: 'unexpected argument "now"',
    });
  });
});
