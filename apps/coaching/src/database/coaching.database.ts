import { Init1763800000000 } from './migrations/1763800000000-init';

/** Entities and migrations of the coaching schema, shared by the app and its migrate command. */
export const coachingDatabase = {
  entities: [],
  migrations: [Init1763800000000],
};
