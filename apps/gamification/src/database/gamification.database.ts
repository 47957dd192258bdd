import { Init1763800000000 } from './migrations/1763800000000-init';
import { Progression1763800000100 } from './migrations/1763800000100-progression';
import { Habits1763800000200 } from './migrations/1763800000200-habits';
import { LeaderboardRepairs1763800000300 } from './migrations/1763800000300-leaderboard-repairs';
import { ZoneChanges1763800000400 } from './migrations/1763800000400-zone-changes';
import { BoardNamesAndLeaving1763800000500 } from './migrations/1763800000500-board-names-and-leaving';

/** Entities and migrations of the gamification schema, shared by the app and its migrate command. */
export const gamificationDatabase = {
  entities: [],
  migrations: [
    Init1763800000000,
    Progression1763800000100,
    Habits1763800000200,
    LeaderboardRepairs1763800000300,
    ZoneChanges1763800000400,
    BoardNamesAndLeaving1763800000500,
  ],
};
