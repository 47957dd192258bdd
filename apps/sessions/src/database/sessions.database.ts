import { Init1763800000000 } from './migrations/1763800000000-init';

/** Entities and migrations of the sessions schema, shared by the app and its migrate command. */
export const sessionsDatabase = {
  entities: [],
  migrations: [Init1763800000000],
};
