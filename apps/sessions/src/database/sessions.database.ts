import { seedCatalogue } from '../modules/catalogue/catalogue.seed';
import { Init1763800000000 } from './migrations/1763800000000-init';
import { Practice1763800000100 } from './migrations/1763800000100-practice';
import { Feedback1763800000200 } from './migrations/1763800000200-feedback';
import { CustomScenariosAndAttempts1763800000300 } from './migrations/1763800000300-custom-scenarios-and-attempts';
import { CoachThreads1763800000400 } from './migrations/1763800000400-coach-threads';
import { MessageTiming1763800000310 } from './migrations/1763800000310-message-timing';

/** Entities and migrations of the sessions schema, shared by the app and its migrate command. */
export const sessionsDatabase = {
  entities: [],
  migrations: [
    Init1763800000000,
    Practice1763800000100,
    Feedback1763800000200,
    CustomScenariosAndAttempts1763800000300,
    MessageTiming1763800000310,
    CoachThreads1763800000400,
  ],
  seed: seedCatalogue,
};
