import { UserEntity } from '../modules/users/user.entity';
import { Init1763800000000 } from './migrations/1763800000000-init';

/** Entities and migrations of the identity schema, shared by the app and its migrate command. */
export const identityDatabase = {
  entities: [UserEntity],
  migrations: [Init1763800000000],
};
